#include "roofline/roofline.hpp"

#include <algorithm>

namespace perfgate {
namespace {

void add_bound(RooflinePoint& point, const DeclaredWork& work, const Ceilings& ceilings) {
  const auto peak = ceilings.flops(work.precision);
  const auto bandwidth = ceilings.memory();
  if (work.flop > 0 && work.bytes() > 0) {
    if (!peak || !bandwidth) return;
    const double ridge = *peak / *bandwidth;  // FLOP per byte where the two roofs meet
    const double attainable = std::min(*peak, *point.intensity * *bandwidth);
    point.bound = *point.intensity < ridge ? "memory" : "compute";
    point.roofline_pct = 100.0 * *point.flops_per_s / attainable;
  } else if (work.bytes() > 0) {
    point.bound = "memory";
    point.roofline_pct = point.memory_pct;
  } else if (work.flop > 0) {
    point.bound = "compute";
    point.roofline_pct = point.compute_pct;
  }
}

}  // namespace

RooflinePoint place_on_roofline(const DeclaredWork& work, double seconds, const Ceilings& ceilings) {
  RooflinePoint point;
  if (!(seconds > 0)) return point;
  if (work.flop > 0) {
    point.flops_per_s = work.flop / seconds;
    if (auto peak = ceilings.flops(work.precision)) point.compute_pct = 100.0 * *point.flops_per_s / *peak;
  }
  if (work.bytes() > 0) {
    point.bytes_per_s = work.bytes() / seconds;
    if (auto bandwidth = ceilings.memory()) point.memory_pct = 100.0 * *point.bytes_per_s / *bandwidth;
  }
  if (work.flop > 0 && work.bytes() > 0) point.intensity = work.flop / work.bytes();
  add_bound(point, work, ceilings);
  return point;
}

}  // namespace perfgate
