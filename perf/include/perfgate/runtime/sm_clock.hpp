#pragma once
// The SM clock during a repetition, from readings of %globaltimer (ns) and
// clock64 (SM cycles) taken on one SM just before and just after each timed
// sample.  Over the samples of a repetition the clock is
//   sum(cycles) / sum(ns)  (cycles per ns = GHz),
// i.e. the time-weighted mean clock while the work ran.

#include <cstdint>
#include <optional>
#include <vector>

namespace perfgate {

// A repetition below this fraction of the maximum SM clock counts as
// throttled (nvbench's default) and is left out of the gate's samples.
inline constexpr double kThrottleFraction = 0.75;

struct ClockReading {
  std::uint64_t ns = 0;      // %globaltimer
  std::uint64_t cycles = 0;  // clock64 on the same SM
};

class SmClockAverage {
 public:
  // Readings out of order, or from a timer that did not move, are ignored.
  void add(const ClockReading& before, const ClockReading& after);
  std::optional<double> mhz() const;  // nothing without a usable interval

 private:
  std::uint64_t ns_ = 0;
  std::uint64_t cycles_ = 0;
};

// True when `mhz` is below `fraction` of `max_mhz` (a known maximum).
bool is_throttled(double mhz, int max_mhz, double fraction = kThrottleFraction);

// One GPU's mean SM clock over a repetition and its maximum (0: unknown).
struct GpuClock {
  std::optional<double> mhz;
  int max_mhz = 0;
};

// The clock of the GPUs that worked on one timed step together, one GPU or
// several: a step ends when its slowest GPU does, so the GPU running
// furthest below its own maximum (the lowest mhz / max_mhz) stands for the
// step, and the repetition is throttled when that GPU is.  GPUs without a
// reading are left out; nothing when none has one.
struct GroupClock {
  double mhz = 0;     // the chosen GPU's mean clock
  int gpu = 0;        // its index in the list
  bool throttled = false;
};
std::optional<GroupClock> group_clock(const std::vector<GpuClock>& gpus, double fraction = kThrottleFraction);

}  // namespace perfgate
