#pragma once
// What `perfgate bisect` found for one benchmark, kept in the history
// (schema version 7, table `bisections`) so that `history changes` and the
// dashboard name the commit beside the change it narrows.  A bisection
// belongs to a change of its series whose first or last commit at the new
// level is the bisection's bad commit (bisection_for).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/history/changes.hpp"
#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::history {

struct BisectionRecord {
  std::string suite;
  std::string benchmark;
  std::string testbed;       // the device it was measured on (its slug): this runner, not the series'
  std::string good_commit;   // measured as the good side
  std::string bad_commit;    // measured as carrying the change
  // "found": first_commit carries the change and its parent does not;
  // "not_reproduced": good and bad did not differ here (the environment);
  // "unclear": narrowed to last_good_commit..first_commit, no further.
  std::string outcome;
  std::string first_commit;      // the first commit that carries it (found), else the narrowed range's end
  std::string last_good_commit;  // the last commit measured without it
  double change_pct = 0.0;       // bad against good, measured here: (ratio - 1) x 100
  std::int64_t builds = 0;       // builds made, good and bad included
  std::int64_t commits = 0;      // commits after good up to bad
  double seconds = 0.0;          // wall time, builds and measuring
  std::string created_utc;
};

// Stores `record` (the history must be writable, at version 7).
void store_bisection(sql::Connection& db, const BisectionRecord& record);

// Every bisection of the history, newest first.
std::vector<BisectionRecord> load_bisections(sql::Connection& db);

// The newest bisection of `change`'s benchmark whose bad commit is the
// change's commit or its range's last commit; none when no bisection matches.
std::optional<BisectionRecord> bisection_for(const Change& change, const std::vector<BisectionRecord>& bisections);

}  // namespace perfgate::history
