#pragma once
// Which change `perfgate bisect` narrows: --good and --bad as given, or a
// change of the benchmark's series that `history changes` found (--history):
// the one at --at (a commit its range starts or ends at), else the newest
// change of the code.  Its good commit is the last run's at the old level,
// its bad commit the first run's at the new level (a range: its last run's).

#include <optional>
#include <string>

#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::cli {

struct BisectTarget {
  std::string good;       // revisions as given, or the history's commits
  std::string bad;
  std::string described;  // "the step of +48.1% at 1a2b3c4d5e6f (history changes)"
  std::optional<bool> slower;  // the change's direction where the history says it
};

// The change of `suite`/`benchmark` (on `testbed` where given) in the
// history.  InputError when the series has no change to bisect (none, only
// changes between reruns of one commit, or none at `at`), or when its
// change has no run before it.
BisectTarget target_from_history(sql::Connection& db, const std::string& suite, const std::string& benchmark,
                                 const std::string& testbed, const std::string& at);

}  // namespace perfgate::cli
