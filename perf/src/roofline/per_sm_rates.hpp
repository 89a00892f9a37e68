#pragma once
// Dense arithmetic rates per streaming multiprocessor and clock, by compute
// capability: the table behind the theoretical compute ceilings.

#include <optional>
#include <string>

#include "perfgate/model/precision.hpp"

namespace perfgate {

// FLOP per SM per clock for dense work (an FMA counts 2) on the fastest unit
// that runs the precision: tensor cores for TF32, FP16, BF16, FP8 and (from
// compute capability 8.0) FP64; CUDA cores for FP32.  Nothing for a chip or
// precision the table does not know (then only a calibration gives a
// ceiling).  Figures are from NVIDIA's architecture whitepapers; the unit
// tests check them against datasheet peaks.
std::optional<double> flops_per_sm_per_clock(const std::string& compute_capability, Precision precision);

}  // namespace perfgate
