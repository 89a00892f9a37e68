#include "perfgate/runtime/sm_clock.hpp"

namespace perfgate {

// A zero reading is none (no probe block ran on SM 0; real ones are
// absolute: %globaltimer ns, clock64 cycles), so it pairs with nothing.
void SmClockAverage::add(const ClockReading& before, const ClockReading& after) {
  if (before.ns == 0 || before.cycles == 0 || after.ns == 0 || after.cycles == 0) return;
  if (after.ns <= before.ns || after.cycles <= before.cycles) return;
  ns_ += after.ns - before.ns;
  cycles_ += after.cycles - before.cycles;
}

std::optional<double> SmClockAverage::mhz() const {
  if (ns_ == 0) return std::nullopt;
  return 1e3 * static_cast<double>(cycles_) / static_cast<double>(ns_);
}

bool is_throttled(double mhz, int max_mhz, double fraction) { return max_mhz > 0 && mhz < fraction * max_mhz; }

namespace {

// Where a GPU's clock stands against its maximum; 1 when the maximum is
// unknown (such a GPU cannot be judged throttled).
double clock_fraction(const GpuClock& gpu) { return gpu.max_mhz > 0 ? *gpu.mhz / gpu.max_mhz : 1.0; }

}  // namespace

std::optional<GroupClock> group_clock(const std::vector<GpuClock>& gpus, double fraction) {
  std::optional<GroupClock> lowest;
  double lowest_fraction = 0;
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    if (!gpus[i].mhz) continue;
    const double f = clock_fraction(gpus[i]);
    // The lowest fraction; among equals (unknown maxima) the lowest clock.
    if (lowest && (f > lowest_fraction || (f == lowest_fraction && *gpus[i].mhz >= lowest->mhz))) continue;
    lowest_fraction = f;
    lowest = GroupClock{*gpus[i].mhz, static_cast<int>(i), is_throttled(*gpus[i].mhz, gpus[i].max_mhz, fraction)};
  }
  return lowest;
}

}  // namespace perfgate
