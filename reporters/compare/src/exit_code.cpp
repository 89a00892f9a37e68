#include "perfgate/compare/exit_code.hpp"

namespace perfgate {

int gate_exit_code(const Comparison& comparison) {
  bool failed = false, regressed = false;
  std::size_t ran = 0, skipped = 0;
  for (const auto& b : comparison.benchmarks) {
    if (b.verdict == Verdict::removed) continue;  // not part of this run
    ++ran;
    if (b.verdict == Verdict::skipped) ++skipped;
    if (b.ignored) continue;
    failed |= b.verdict == Verdict::error;
    regressed |= b.verdict == Verdict::regression;
  }
  if (failed) return kExitError;
  if (regressed) return kExitRegression;
  if (ran > 0 && skipped == ran) return kExitAllSkipped;
  // Nothing was on both sides: nothing was gated, an input error, not a pass.
  if (comparison.nothing_compared) return kExitError;
  return kExitOk;
}

}  // namespace perfgate
