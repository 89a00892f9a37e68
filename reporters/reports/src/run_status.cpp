#include "perfgate/reports/run_status.hpp"

#include <algorithm>

#include "perfgate/gate/exit_code.hpp"
#include "perfgate/gate/run_outcome.hpp"
#include "perfgate/gate/comparison_text.hpp"

namespace perfgate {
namespace {

// Report order of the statuses: what needs a look first.
int status_rank(GateStatus status) {
  switch (status) {
    case GateStatus::error: return 0;
    case GateStatus::fail: return 1;
    case GateStatus::not_gated: return 2;
    case GateStatus::pass: return 3;
    case GateStatus::skipped: return 4;
  }
  return 5;
}

// "7 PASS, 2 NOT GATED": how many suites are in each status, worst first.
std::string status_counts(const RunReport& run) {
  std::map<int, std::pair<GateStatus, std::size_t>> by_rank;
  for (const SuiteReport& s : run) {
    const GateStatus status = suite_status(s);
    auto& entry = by_rank[status_rank(status)];
    entry.first = status;
    ++entry.second;
  }
  std::string text;
  for (const auto& [rank, entry] : by_rank)
    text += (text.empty() ? "" : ", ") + std::to_string(entry.second) + " " + to_string(entry.first);
  return text;
}

}  // namespace

int run_exit_code(const RunReport& run) {
  if (run.empty()) return kExitError;
  RunOutcome worst;
  for (const SuiteReport& suite : run) worst = worst_of(worst, RunOutcome::from_exit_code(suite.exit_code));
  return worst.to_exit_code();
}

GateStatus suite_status(const SuiteReport& suite) { return gate_status(suite.comparison, suite.exit_code); }

GateStatus run_status(const RunReport& run) {
  const int exit_code = run_exit_code(run);
  if (run.empty()) return GateStatus::error;
  const auto any = [&](GateStatus status) {
    return std::any_of(run.begin(), run.end(), [&](const SuiteReport& s) { return suite_status(s) == status; });
  };
  switch (exit_code) {
    case kExitRegression: return GateStatus::fail;
    case kExitAllSkipped: return GateStatus::skipped;
    case kExitOk: return any(GateStatus::pass) ? GateStatus::pass : GateStatus::not_gated;
    default: return any(GateStatus::error) ? GateStatus::error : GateStatus::not_gated;
  }
}

std::vector<const SuiteReport*> in_status_order(const RunReport& run) {
  std::vector<const SuiteReport*> suites;
  for (const SuiteReport& s : run) suites.push_back(&s);
  std::stable_sort(suites.begin(), suites.end(), [](const SuiteReport* a, const SuiteReport* b) {
    return status_rank(suite_status(*a)) < status_rank(suite_status(*b));
  });
  return suites;
}

std::map<Verdict, std::size_t> run_verdict_counts(const RunReport& run) {
  std::map<Verdict, std::size_t> counts;
  for (const SuiteReport& suite : run)
    for (const auto& [verdict, count] : suite.comparison.verdict_counts()) counts[verdict] += count;
  return counts;
}

GateCoverage run_coverage(const RunReport& run) {
  GateCoverage total;
  for (const SuiteReport& suite : run) {
    const GateCoverage c = gate_coverage(suite.comparison);
    total.gated += c.gated;
    total.cases += c.cases;
  }
  return total;
}

std::string run_summary_line(const RunReport& run) {
  const GateStatus status = run_status(run);
  std::string line = status_text(status, run_exit_code(run)) + ": " + std::to_string(run.size()) +
                     (run.size() == 1 ? " suite" : " suites") + " (" + status_counts(run) + ")";
  if (status != GateStatus::skipped) line += ", " + coverage_text(run_coverage(run));
  return line + ": " + verdict_counts_text(run_verdict_counts(run));
}

std::vector<std::string> run_perfgate_versions(const RunReport& run) {
  std::vector<std::string> versions;
  for (const SuiteReport& suite : run) versions.push_back(suite.comparison.perfgate_version);
  return versions;
}

}  // namespace perfgate
