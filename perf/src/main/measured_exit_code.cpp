#include "main/measured_exit_code.hpp"

#include <algorithm>

#include "perfgate/gate/exit_code.hpp"

namespace perfgate {
namespace {

bool any_case_failed(const Results& results) {
  return std::any_of(results.benchmarks.begin(), results.benchmarks.end(),
                     [](const BenchmarkResult& b) { return b.error.has_value(); });
}

}  // namespace

bool every_case_skipped(const Results& results) {
  return std::all_of(results.benchmarks.begin(), results.benchmarks.end(),
                     [](const BenchmarkResult& b) { return b.skipped && !b.error; });
}

int measured_exit_code(const Results& results) {
  if (any_case_failed(results)) return kExitError;
  return every_case_skipped(results) ? kExitAllSkipped : kExitOk;
}

}  // namespace perfgate
