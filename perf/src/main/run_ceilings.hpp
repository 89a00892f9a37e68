#pragma once
// The ceilings a suite run places its cases against, read before measuring
// (a bad calibration stops the run at once): a GPU's calibration from the
// run's baselines (RunBaselines::calibration), else the theoretical ones.

#include "main/run_baselines.hpp"
#include "perfgate/model/ceilings.hpp"
#include "perfgate/model/fingerprint.hpp"

namespace perfgate {

// Calibrations are per GPU model: a run on several GPUs ("-x8") uses its
// model's; a CPU's run reads none.
Ceilings run_ceilings(const Fingerprint& device, const RunBaselines& baselines);

}  // namespace perfgate
