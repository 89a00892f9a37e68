#include "perfgate/history/caught_regressions.hpp"

namespace perfgate::history {

std::map<std::string, std::vector<CaughtRegression>> caught_regressions(sql::Connection& db, const std::string& suite,
                                                                       const std::string& testbed) {
  std::map<std::string, std::vector<CaughtRegression>> caught;
  // Verdicts stored before ingest matched them to the runs' testbed name
  // the device by its slug alone: they belong to a testbed whose name
  // derives from that slug (not one named with --testbed).
  std::string slug = testbed;
  const auto device = db.query("SELECT device_slug FROM testbeds WHERE testbed = ?", {testbed});
  if (device.size() == 1 && testbed.starts_with(sql::as_text(device[0][0]) + "-")) slug = sql::as_text(device[0][0]);
  // A comparison ingested twice is one row (its id is its content's), so
  // each catch is listed once.
  const auto rows = db.query("SELECT benchmark, commit_sha, kind, created_utc, change_pct FROM verdicts "
                             "WHERE suite = ? AND verdict = 'REGRESSION' AND (testbed = ? OR testbed = ?) "
                             "ORDER BY benchmark, created_utc, commit_sha",
                             {suite, testbed, slug});
  for (const sql::Row& row : rows)
    caught[sql::as_text(row.at(0))].push_back(
        {sql::as_text(row.at(1)), sql::as_text(row.at(2)), sql::as_text(row.at(3)), sql::as_number(row.at(4))});
  return caught;
}

}  // namespace perfgate::history
