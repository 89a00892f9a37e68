#pragma once

#include "perfgate/compare/comparison.hpp"

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

}  // namespace perfgate
