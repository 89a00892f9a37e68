#include "perfgate/writers/run_status.hpp"

#include <algorithm>

#include "perfgate/compare/exit_code.hpp"

namespace perfgate {
namespace {

// Higher is worse: a skipped suite is the mildest, since a run where some
// suites passed and the rest could not run here passed.
int severity(int exit_code) {
  switch (exit_code) {
    case kExitAllSkipped: return 0;
    case kExitOk: return 1;
    case kExitRegression: return 2;
    default: return 3;
  }
}

}  // namespace

int run_exit_code(const RunReport& run) {
  if (run.empty()) return kExitError;
  int worst = run.front().exit_code;
  for (const SuiteReport& suite : run)
    if (severity(suite.exit_code) > severity(worst)) worst = suite.exit_code;
  return worst;
}

std::map<Verdict, std::size_t> run_verdict_counts(const RunReport& run) {
  std::map<Verdict, std::size_t> counts;
  for (const SuiteReport& suite : run)
    for (const auto& [verdict, count] : suite.comparison.verdict_counts()) counts[verdict] += count;
  return counts;
}

std::vector<std::string> run_perfgate_versions(const RunReport& run) {
  std::vector<std::string> versions;
  for (const SuiteReport& suite : run) versions.push_back(suite.comparison.perfgate_version);
  return versions;
}

}  // namespace perfgate
