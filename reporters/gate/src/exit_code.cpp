#include "perfgate/gate/exit_code.hpp"

#include "perfgate/gate/gate_status.hpp"
#include "perfgate/gate/run_outcome.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate {

namespace {

// One case's part in its run's code.  A skipped case is skipped whether
// ignored or not; an ignored case that ran never fails the run.
RunOutcome case_outcome(const BenchmarkComparison& b) {
  using Severity = RunOutcome::Severity;
  if (b.verdict == Verdict::skipped) return RunOutcome(Severity::all_skipped);
  if (b.ignored) return RunOutcome(Severity::ok);
  if (b.verdict == Verdict::error) return RunOutcome(Severity::error);
  if (b.verdict == Verdict::regression) return RunOutcome(Severity::regression);
  return RunOutcome(Severity::ok);
}

}  // namespace

int gate_exit_code(const Comparison& comparison) {
  RunOutcome worst;  // every case skipped, until one ran
  bool ran = false;
  for (const auto& b : comparison.benchmarks) {
    if (b.verdict == Verdict::removed) continue;  // not part of this run
    ran = true;
    worst = worst_of(worst, case_outcome(b));
  }
  if (!ran) worst = RunOutcome(RunOutcome::Severity::ok);  // no case at all: none skipped either
  // Nothing judged against a baseline of this device is NOT GATED, never a
  // pass (gate_status.hpp): exit 0 unless the run requires a gated case.
  if (worst == RunOutcome(RunOutcome::Severity::ok) && comparison.settings.require_gated && nothing_gated(comparison))
    return kExitError;
  return worst.to_exit_code();
}

int checked_exit_code(const Comparison& comparison, int recorded, const std::string& origin) {
  const int derived = gate_exit_code(comparison);
  if (recorded == derived || recorded == kExitError) return recorded;
  const bool known = RunOutcome::is_perfgate_exit_code(recorded);
  throw InputError(origin + ": exit_code " + std::to_string(recorded) +
                   (known ? " does not follow from its verdicts, which give " + std::to_string(derived) +
                                ": the file was changed after perfgate wrote it"
                          : " is no perfgate exit code (0, 1, 2 or 77)"));
}

}  // namespace perfgate
