#pragma once
// The regressions the gate caught, as the history keeps its verdicts
// (verdict_record.hpp): read back for the dashboard, which marks each on
// its series where it was caught.  Verdicts never enter a trend.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::history {

struct CaughtRegression {
  std::string commit;       // the commit the gate judged
  std::string kind;         // main, pr or ab: the run it judged
  std::string created_utc;  // the comparison's date
  std::optional<double> change_pct;
};

// Every REGRESSION verdict stored for `suite` on `testbed`, by benchmark,
// each benchmark's oldest first (by date, then commit): one query a testbed.
std::map<std::string, std::vector<CaughtRegression>> caught_regressions(sql::Connection& db, const std::string& suite,
                                                                       const std::string& testbed);

}  // namespace perfgate::history
