#pragma once

#include <string>

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

// Exit codes of every perfgate program (docs/design.md, Exit codes).
enum ExitCode : int {
  kExitOk = 0,          // no regression
  kExitRegression = 1,  // a (confirmed) regression
  kExitError = 2,       // harness or input error, or a case failed
  kExitAllSkipped = 77, // nothing could run here (ctest's SKIP_RETURN_CODE)
};

// 2 if a gated case failed, else 1 if a gated case regressed, else 77 if
// every case of the current run was skipped, else 2 if nothing was judged
// against a baseline of this device (NOT GATED, gate_status.hpp) and the
// settings require a gated case, else 0 (NOT GATED or PASS).  Ignored
// benchmarks never count.
int gate_exit_code(const Comparison& comparison);

// The exit code a comparison file records, checked against its verdicts:
// gate_exit_code() of what it holds, or kExitError (a run that found a
// harness error after the suite wrote its comparison says so in the file).
// Anything else (0 beside a REGRESSION, a code perfgate never gives) is an
// InputError naming `origin`: a file changed after perfgate wrote it must
// not make a report, the run or the history pass what its verdicts fail.
int checked_exit_code(const Comparison& comparison, int recorded, const std::string& origin);

}  // namespace perfgate
