#include "runtime/source_info.hpp"

#include <cstdio>
#include <cstdlib>

#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace {

// First line of a shell command's output, "" when it fails.
std::string first_line_of(const std::string& command) {
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return {};
  std::string output;
  char buffer[256];
  while (std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
  const int status = ::pclose(pipe);
  if (status != 0) return {};
  return output.substr(0, output.find('\n'));
}

std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace

std::int64_t main_line_ordinal(const std::string& source_dir, const std::string& commit, const std::string& flag) {
  const std::string asked = flag + "=git: ";
  if (source_dir.empty()) throw InputError(asked + "this binary knows no source checkout; pass the ordinal as a number");
  if (commit.empty()) throw InputError(asked + "no commit under test (no git checkout at " + source_dir + ")");
  const std::string git = "git -C " + shell_quote(source_dir) + " ";
  if (first_line_of(git + "rev-parse --is-shallow-repository 2>/dev/null") == "true")
    throw InputError(asked + source_dir + " is a shallow clone: its commit count is its depth, not the commit's place "
                     "in the main line (fetch the whole history: actions/checkout's fetch-depth: 0, GitLab's GIT_DEPTH: 0)");
  const std::string count =
      first_line_of(git + "rev-list --count " + shell_quote(commit) + " -- 2>/dev/null");
  char* end = nullptr;
  const long long value = std::strtoll(count.c_str(), &end, 10);
  if (count.empty() || *end != '\0' || value <= 0)
    throw InputError(asked + "git cannot count the main line up to " + commit + " in " + source_dir);
  return value;
}

Source source_info(const std::string& source_dir, const std::string& command) {
  Source source;
  source.command = command;
  source.perfgate_version = PERFGATE_VERSION;
  for (const char* variable : {"PERFGATE_GIT_COMMIT", "GITHUB_SHA", "CI_COMMIT_SHA"}) {
    if (const char* value = std::getenv(variable); value && *value) {
      source.git_commit = value;
      return source;
    }
  }
  if (source_dir.empty()) return source;
  const std::string git = "git -C " + shell_quote(source_dir) + " ";
  source.git_commit = first_line_of(git + "rev-parse HEAD 2>/dev/null");
  if (!source.git_commit.empty())
    // Baselines are data the run may be about to replace, not code under test.
    source.git_dirty =
        !first_line_of(git + "status --porcelain --untracked-files=no -- . ':(exclude)baselines' 2>/dev/null").empty();
  return source;
}

}  // namespace perfgate
