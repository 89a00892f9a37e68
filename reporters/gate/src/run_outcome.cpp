#include "perfgate/gate/run_outcome.hpp"

#include "perfgate/gate/exit_code.hpp"

namespace perfgate {

RunOutcome RunOutcome::from_exit_code(int code) {
  switch (code) {
    case kExitAllSkipped: return RunOutcome(Severity::all_skipped);
    case kExitOk: return RunOutcome(Severity::ok);
    case kExitRegression: return RunOutcome(Severity::regression);
    default: return RunOutcome(Severity::error);  // kExitError, and any code perfgate never gives
  }
}

bool RunOutcome::is_perfgate_exit_code(int code) {
  return code == kExitOk || code == kExitRegression || code == kExitError || code == kExitAllSkipped;
}

int RunOutcome::to_exit_code() const {
  switch (severity_) {
    case Severity::all_skipped: return kExitAllSkipped;
    case Severity::ok: return kExitOk;
    case Severity::regression: return kExitRegression;
    case Severity::error: return kExitError;
  }
  return kExitError;
}

RunOutcome worst_of(RunOutcome a, RunOutcome b) { return b.severity() > a.severity() ? b : a; }

}  // namespace perfgate
