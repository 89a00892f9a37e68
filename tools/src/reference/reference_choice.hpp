#pragma once
// What `perfgate run` gates against, when --against does not say:
//   a pull or merge request         the merge base, built and measured here
//   a runner declared dedicated     the committed baselines (stored numbers)
//   any other runner (a virtual     the commit each committed baseline names,
//   machine, a hosted runner, or    rebuilt and measured here
//   bare metal nobody declared)
// Without a git checkout nothing can be rebuilt: the stored numbers, said so.

#include <filesystem>
#include <string>

#include "perfgate/model/fingerprint.hpp"
#include "reference/pull_request.hpp"

namespace perfgate::cli {

enum class AgainstKind {
  stored,      // the committed baselines (or the history) as they are
  revision,    // one commit, built here
  merge_base,  // the pull request's merge base, built here
  baseline,    // per suite, the commit its committed baseline names, built here
  prebuilt,    // a build made elsewhere (--against-build)
};

struct AgainstRequest {
  std::string against;                  // --against: "", "stored", "merge-base", "baseline" or a revision
  std::filesystem::path against_build;  // --against-build DIR
  bool dedicated = false;               // --dedicated-runner / PERFGATE_DEDICATED_RUNNER
};

struct AgainstChoice {
  AgainstKind kind = AgainstKind::stored;
  std::string revision;   // kind revision: as given
  bool explicit_choice = false;  // asked for (--against, --against-build), not the default
  std::string why;        // one line for the log: what was chosen and why
};

// The rule above.  `machine` says whether this is a virtual machine.
AgainstChoice choose_against(const AgainstRequest& request, const Environment& environment, const CpuIdentity& machine);

// Whether PERFGATE_DEDICATED_RUNNER declares this runner dedicated ("1",
// "true", "yes"); InputError for another value.
bool dedicated_from_environment(const Environment& environment);

}  // namespace perfgate::cli
