#pragma once
// The exit code of a run that measures without gating (--perfgate_mode=
// smoke or record): what its cases did, with no verdict.  Not the gate's
// exit code (gate_stage, exit_code.hpp), which ranks verdicts too.

#include "perfgate/model/results.hpp"

namespace perfgate {

// Every case skipped, none failed: nothing was measured.
bool every_case_skipped(const Results& results);

// kExitError when a case failed, kExitAllSkipped when every case was
// skipped, else kExitOk.
int measured_exit_code(const Results& results);

}  // namespace perfgate
