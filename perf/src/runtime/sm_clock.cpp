#include "perfgate/runtime/sm_clock.hpp"

namespace perfgate {

void SmClockAverage::add(const ClockReading& before, const ClockReading& after) {
  if (after.ns <= before.ns || after.cycles <= before.cycles) return;
  ns_ += after.ns - before.ns;
  cycles_ += after.cycles - before.cycles;
}

std::optional<double> SmClockAverage::mhz() const {
  if (ns_ == 0) return std::nullopt;
  return 1e3 * static_cast<double>(cycles_) / static_cast<double>(ns_);
}

bool is_throttled(double mhz, int max_mhz, double fraction) { return max_mhz > 0 && mhz < fraction * max_mhz; }

}  // namespace perfgate
