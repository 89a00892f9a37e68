#include "reference/pull_request.hpp"

#include <cstdlib>
#include <vector>

#include "perfgate/gate/reference.hpp"
#include "perfgate/platform/errors.hpp"
#include "reference/git_checkout.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

std::optional<std::string> non_empty(const Environment& environment, const std::string& name) {
  auto value = environment(name);
  if (value && value->empty()) return std::nullopt;
  return value;
}

// A branch as the services name it: "refs/heads/main" (Azure) is "main".
std::string branch_name(std::string ref) {
  for (const std::string prefix : {"refs/heads/", "refs/remotes/origin/"})
    if (ref.rfind(prefix, 0) == 0) ref = ref.substr(prefix.size());
  return ref;
}

struct Service {
  const char* name;
  const char* marker;         // set (non-empty) only in a pull request's job; the target itself when null
  const char* marker_false;   // a value of `marker` that means "not a pull request"
  const char* target;         // the target branch
  const char* base_commit;    // a merge base the service computed, when it gives one
};

const std::vector<Service>& services() {
  static const std::vector<Service> table = {
      {"GitHub Actions", nullptr, nullptr, "GITHUB_BASE_REF", nullptr},
      {"GitLab CI", "CI_MERGE_REQUEST_IID", nullptr, "CI_MERGE_REQUEST_TARGET_BRANCH_NAME", "CI_MERGE_REQUEST_DIFF_BASE_SHA"},
      {"Azure Pipelines", nullptr, nullptr, "SYSTEM_PULLREQUEST_TARGETBRANCH", nullptr},
      {"Bitbucket Pipelines", nullptr, nullptr, "BITBUCKET_PR_DESTINATION_BRANCH", nullptr},
      {"Jenkins", "CHANGE_ID", nullptr, "CHANGE_TARGET", nullptr},
      {"Buildkite", "BUILDKITE_PULL_REQUEST", "false", "BUILDKITE_PULL_REQUEST_BASE_BRANCH", nullptr},
  };
  return table;
}

// The commit a target branch names here: origin/<branch>, then <branch>,
// then origin's branch fetched (a CI clone often has only the job's commit).
std::optional<std::string> target_commit(const fs::path& repository, const std::string& branch, std::string* fetch_problem) {
  for (const std::string& ref : {"refs/remotes/origin/" + branch, "refs/heads/" + branch})
    if (auto commit = resolve_commit(repository, ref)) return commit;
  if (fetch_branch(repository, "origin", branch, fetch_problem)) return resolve_commit(repository, "refs/remotes/origin/" + branch);
  return std::nullopt;
}

}  // namespace

Environment process_environment() {
  return [](const std::string& name) -> std::optional<std::string> {
    const char* value = std::getenv(name.c_str());
    return value ? std::optional<std::string>(value) : std::nullopt;
  };
}

std::optional<PullRequest> pull_request(const Environment& environment) {
  for (const Service& service : services()) {
    if (service.marker) {
      const auto marker = non_empty(environment, service.marker);
      if (!marker || (service.marker_false && *marker == service.marker_false)) continue;
    }
    const auto target = non_empty(environment, service.target);
    if (!target) continue;
    PullRequest request{service.name, service.target, branch_name(*target), ""};
    if (service.base_commit)
      if (const auto base = non_empty(environment, service.base_commit)) request.base_commit = *base;
    return request;
  }
  return std::nullopt;
}

MergeBase find_merge_base(const fs::path& repository, const Environment& environment) {
  const auto head = resolve_commit(repository, "HEAD");
  if (!head) throw InputError(repository.string() + ": HEAD names no commit (an empty repository?)");
  if (const auto request = pull_request(environment)) {
    const std::string named = request->variable + "=" + request->target_branch;
    // GitLab computed the merge base itself; it is the one when this clone has it.
    if (!request->base_commit.empty())
      if (const auto base = resolve_commit(repository, request->base_commit))
        return {*base, "the merge request's diff base " + short_commit(*base) + " (CI_MERGE_REQUEST_DIFF_BASE_SHA; " + named + ")"};
    std::string fetch_problem;
    const auto target = target_commit(repository, request->target_branch, &fetch_problem);
    if (!target)
      throw InputError("--against merge-base: " + request->service + " names the target branch " + request->target_branch +
                       " (" + named + "), but this clone does not have it and fetching it failed (" + fetch_problem +
                       "): check out with its history (actions/checkout: fetch-depth: 0; GitLab: GIT_DEPTH: 0) or pass "
                       "--against REF");
    const auto base = merge_base(repository, *head, *target);
    if (!base)
      throw InputError("--against merge-base: HEAD and " + request->target_branch + " share no commit in this clone (a "
                       "shallow clone?): check out with its history (fetch-depth: 0) or pass --against REF");
    return {*base, "the merge base of HEAD and " + request->target_branch + " (" + named + ")"};
  }
  const auto upstream = head_upstream(repository);
  if (!upstream)
    throw InputError("--against merge-base: no pull request variables (GITHUB_BASE_REF, CI_MERGE_REQUEST_TARGET_BRANCH_NAME, "
                     "...) and the current branch has no upstream: pass --against REF (a branch, tag or commit)");
  const auto base = merge_base(repository, *head, *upstream);
  if (!base) throw InputError("--against merge-base: HEAD and its upstream " + *upstream + " share no commit: pass --against REF");
  return {*base, "the merge base of HEAD and its upstream " + *upstream};
}

}  // namespace perfgate::cli
