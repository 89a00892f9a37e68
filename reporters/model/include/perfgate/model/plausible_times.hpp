#pragma once
// Times no run can have measured.  A sample of 1e306 s per iteration passes
// every check of a number (finite, not negative) and then gives an infinite
// ratio and an interval of NaN, which a gate must never read as a pass: such
// a file is an input error, whatever format it came in.

#include <string>

#include "perfgate/model/results.hpp"

namespace perfgate {

// A day per iteration: far beyond any benchmark's repetition, and far below
// where the gate's arithmetic (ratios, their logs, sums over samples) stops
// being finite.
inline constexpr double kMaxPlausibleSeconds = 86400.0;

// InputError "ORIGIN: benchmark 'NAME': sample 3 is 1e+306 s per iteration,
// beyond any plausible run (more than a day)" for the first sample or summary
// time (mean, median, min, max) of `results` above kMaxPlausibleSeconds.
void require_plausible_times(const Results& results, const std::string& origin);

}  // namespace perfgate
