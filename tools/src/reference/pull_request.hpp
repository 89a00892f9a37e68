#pragma once
// Whether this job builds a pull or merge request, and which branch it is
// to merge into, from the CI service's own variables; and the merge base
// that is the pull request's reference.

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace perfgate::cli {

// Reads an environment variable: std::getenv, or a table in tests.
using Environment = std::function<std::optional<std::string>(const std::string& name)>;
Environment process_environment();

// A pull or merge request as its CI service describes it.
struct PullRequest {
  std::string service;        // "GitHub Actions"
  std::string variable;       // the variable that named the target ("GITHUB_BASE_REF")
  std::string target_branch;  // "main"
  std::string base_commit;    // a merge base the service computed itself (GitLab's diff base), else empty
};

// GitHub Actions (GITHUB_BASE_REF, set for pull_request events), GitLab CI
// (CI_MERGE_REQUEST_TARGET_BRANCH_NAME, CI_MERGE_REQUEST_DIFF_BASE_SHA),
// Azure Pipelines (SYSTEM_PULLREQUEST_TARGETBRANCH), Bitbucket Pipelines
// (BITBUCKET_PR_DESTINATION_BRANCH), Jenkins (CHANGE_TARGET), Buildkite
// (BUILDKITE_PULL_REQUEST_BASE_BRANCH); nullopt when none of them says this
// is a pull request.
std::optional<PullRequest> pull_request(const Environment& environment);

struct MergeBase {
  std::string commit;
  std::string description;  // "the merge base of HEAD and origin/main (GITHUB_BASE_REF=main)"
};

// The reference of a pull request: the merge base of HEAD with its target
// branch (origin/<branch>, else <branch>, else fetched from origin); outside
// a pull request, with the upstream of the current branch.  InputError
// saying what to do when there is none (a shallow clone, no upstream).
MergeBase find_merge_base(const std::filesystem::path& repository, const Environment& environment);

}  // namespace perfgate::cli
