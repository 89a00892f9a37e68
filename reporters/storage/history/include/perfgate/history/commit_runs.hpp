#pragma once
// Where one commit stands in the history: its main-line runs' last ordinal
// and date, found by the commit's hash or a prefix of it (what a user types:
// `perfgate history changes --since abc1234`).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::history {

struct CommitRuns {
  std::string commit;                    // the full hash as stored
  std::optional<std::int64_t> ordinal;   // the largest of its runs' ordinals; none when they have none
  std::optional<std::int64_t> run_time;  // its last run's date, seconds since 1970
};

// Every commit of a main-line run whose hash starts with `prefix` (one for
// a full hash or an unambiguous prefix; none or several otherwise), in
// hash order.
std::vector<CommitRuns> main_line_commits(sql::Connection& db, const std::string& prefix);

}  // namespace perfgate::history
