#include "perfgate/gate/exit_code.hpp"

#include "perfgate/gate/gate_status.hpp"
#include "perfgate/platform/errors.hpp"

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
  // Nothing judged against a baseline of this device is NOT GATED, never a
  // pass (gate_status.hpp): exit 0 unless the run requires a gated case.
  if (comparison.settings.require_gated && nothing_gated(comparison)) return kExitError;
  return kExitOk;
}

int checked_exit_code(const Comparison& comparison, int recorded, const std::string& origin) {
  const int derived = gate_exit_code(comparison);
  if (recorded == derived || recorded == kExitError) return recorded;
  const bool known = recorded == kExitOk || recorded == kExitRegression || recorded == kExitAllSkipped;
  throw InputError(origin + ": exit_code " + std::to_string(recorded) +
                   (known ? " does not follow from its verdicts, which give " + std::to_string(derived) +
                                ": the file was changed after perfgate wrote it"
                          : " is no perfgate exit code (0, 1, 2 or 77)"));
}

}  // namespace perfgate
