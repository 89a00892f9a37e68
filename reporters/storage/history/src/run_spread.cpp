#include "perfgate/history/run_spread.hpp"

#include <cmath>
#include <vector>

#include "perfgate/history/history_schema.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate::history {

double successive_difference_sd(const std::vector<double>& log_medians) {
  if (log_medians.size() < 2) return 0.0;
  std::vector<double> differences;
  for (std::size_t i = 1; i < log_medians.size(); ++i) differences.push_back(std::abs(log_medians[i] - log_medians[i - 1]));
  // A difference of two runs has twice one run's variance.
  return 1.4826 * stats::median(differences) / std::sqrt(2.0);
}

std::map<std::string, RunSpread> recent_run_spread(sql::Connection& db, const std::string& suite,
                                                   const std::string& testbed, std::size_t window) {
  std::map<std::string, RunSpread> spread;
  if (stored_schema_version(db) == 0) return spread;
  std::map<std::string, std::vector<double>> newest_first;
  for (const sql::Row& row : db.query(
           "SELECT m.benchmark, m.median_s FROM measurements m JOIN runs r ON r.run_id = m.run_id "
           "WHERE r.suite = ? AND r.testbed = ? AND r.kind = 'main' "
           "ORDER BY (r.ordinal IS NULL) DESC, r.ordinal DESC, r.run_time DESC, r.run_id DESC",
           {suite, testbed})) {
    auto& logs = newest_first[std::get<std::string>(row[0])];
    const double median = std::holds_alternative<double>(row[1]) ? std::get<double>(row[1]) : 0.0;
    if (logs.size() < window && median > 0.0) logs.push_back(std::log(median));
  }
  for (const auto& [benchmark, logs] : newest_first)
    if (logs.size() >= kMinSpreadRuns)
      spread[benchmark] = {successive_difference_sd(logs), RunSpreadSource::history, logs.size(), {}};
  return spread;
}

}  // namespace perfgate::history
