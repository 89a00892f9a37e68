#pragma once
// Fault injection for perfgate's own tests.  Not for suites.

namespace perfgate::cuda::testing {

// Multiplies every SM clock reading from now on (1.0 restores the truth);
// 0.5 on a GPU at its maximum clock makes every repetition look throttled.
// PERFGATE_TEST_SM_CLOCK_SCALE does the same for a whole process.
void scale_sm_clock_readings(double scale);

}  // namespace perfgate::cuda::testing
