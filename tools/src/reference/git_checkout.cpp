#include "reference/git_checkout.hpp"

#include "perfgate/platform/errors.hpp"
#include "subprocess.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

// git never waits for a password or opens an editor here: a CI job has no
// one to answer.
const std::map<std::string, std::string>& quiet_git() {
  static const std::map<std::string, std::string> environment = {
      {"GIT_TERMINAL_PROMPT", "0"}, {"GIT_ASKPASS", "true"}, {"GIT_EDITOR", "true"}, {"LC_ALL", "C"}};
  return environment;
}

// git's path; empty when it is not installed.
const fs::path& git_program() {
  static const fs::path program = find_in_path("git");
  return program;
}

CapturedRun git(const fs::path& folder, std::vector<std::string> args) {
  if (git_program().empty()) return {127, "git: not found in PATH\n"};
  args.insert(args.begin(), {"-C", folder.string()});
  return run_program_captured(git_program(), args, quiet_git());
}

// The first line of a command that worked; nullopt otherwise.
std::optional<std::string> first_line(const CapturedRun& run) {
  if (run.exit_code != 0) return std::nullopt;
  std::string line = run.output.substr(0, run.output.find('\n'));
  if (line.empty()) return std::nullopt;
  return line;
}

std::string one_line(std::string text) {
  while (!text.empty() && text.back() == '\n') text.pop_back();
  for (char& c : text)
    if (c == '\n') c = ' ';
  return text;
}

void require_success(const CapturedRun& run, const std::string& what) {
  if (run.exit_code != 0) throw InputError(what + " failed (exit " + std::to_string(run.exit_code) + "): " + one_line(run.tail(3)));
}

}  // namespace

std::optional<fs::path> git_work_tree(const fs::path& folder) {
  if (const auto top = first_line(git(folder, {"rev-parse", "--show-toplevel"}))) return fs::path(*top);
  return std::nullopt;
}

std::optional<std::string> resolve_commit(const fs::path& repository, const std::string& revision) {
  if (revision.empty() || revision.front() == '-') return std::nullopt;  // never an option to git
  return first_line(git(repository, {"rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"}));
}

std::optional<std::string> merge_base(const fs::path& repository, const std::string& a, const std::string& b) {
  return first_line(git(repository, {"merge-base", "--end-of-options", a, b}));
}

std::vector<std::string> first_parent_range(const fs::path& repository, const std::string& good, const std::string& bad) {
  if (good == bad) throw InputError("--good and --bad are one commit (" + good.substr(0, 12) + "): nothing lies between them");
  if (git(repository, {"merge-base", "--is-ancestor", good, bad}).exit_code != 0)
    throw InputError("--good " + good.substr(0, 12) + " is no ancestor of --bad " + bad.substr(0, 12) +
                     ": give the older commit as --good");
  // Streamed, not captured: a captured run keeps only its last 64 KiB, and
  // --reverse puts the commits nearest good first.
  std::vector<std::string> commits;
  const int status =
      git_program().empty()
          ? 127
          : run_program_lines(git_program(), {"-C", repository.string(), "rev-list", "--first-parent", "--reverse", bad, "^" + good},
                              quiet_git(), [&](const std::string& line) {
                                if (!line.empty()) commits.push_back(line);
                              });
  if (status != 0 || commits.empty())
    throw InputError("git rev-list " + good.substr(0, 12) + ".." + bad.substr(0, 12) + " failed (exit " +
                     std::to_string(status) + ")");
  return commits;
}

std::string commit_subject(const fs::path& repository, const std::string& commit) {
  return first_line(git(repository, {"log", "-1", "--format=%s", commit})).value_or("");
}

std::optional<std::string> head_upstream(const fs::path& repository) {
  return first_line(git(repository, {"rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"}));
}

bool fetch_branch(const fs::path& repository, const std::string& remote, const std::string& branch, std::string* problem) {
  const CapturedRun run = git(repository, {"fetch", "--no-tags", "--quiet", remote, "refs/heads/" + branch + ":refs/remotes/" + remote + "/" + branch});
  if (run.exit_code != 0 && problem) *problem = one_line(run.tail(2));
  return run.exit_code == 0;
}

void check_out_worktree(const fs::path& repository, const fs::path& worktree, const std::string& commit) {
  const auto top = git_work_tree(worktree);
  std::error_code error;
  if (top && fs::equivalent(*top, worktree, error)) {
    // --force: the worktree is perfgate's; what a build left in it is untracked and stays.
    require_success(git(worktree, {"checkout", "--detach", "--force", "--quiet", commit}),
                    "git checkout " + commit + " in " + worktree.string());
  } else {
    require_success(git(repository, {"worktree", "prune"}), "git worktree prune");
    require_success(git(repository, {"worktree", "add", "--detach", "--force", "--quiet", worktree.string(), commit}),
                    "git worktree add " + worktree.string() + " " + commit);
  }
  if (fs::exists(worktree / ".gitmodules", error))
    require_success(git(worktree, {"submodule", "update", "--init", "--recursive", "--quiet"}),
                    "git submodule update in " + worktree.string());
}

}  // namespace perfgate::cli
