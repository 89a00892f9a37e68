#pragma once
// Where a measured case sits on its device's roofline.
//
// With F FLOP and B bytes (read + written) per call, a median GPU time t per
// call, a compute ceiling P for the case's precision and a memory ceiling W:
//   achieved FLOP/s  = F / t           achieved bytes/s = B / t
//   intensity I      = F / B  (FLOP per byte)
//   compute %        = 100 (F / t) / P memory %         = 100 (B / t) / W
//   bound            = memory when I < P / W (the ridge point), else compute
//   roofline %       = 100 (F / t) / min(P, I W)   (of what the roofline allows
//                      at this intensity; memory % when F = 0)

#include <optional>
#include <string>

#include "perfgate/model/ceilings.hpp"

namespace perfgate {

// What one call of a case does, as the case declared it.
struct DeclaredWork {
  double flop = 0.0;
  double bytes_read = 0.0;
  double bytes_written = 0.0;
  Precision precision = Precision::fp32;

  double bytes() const { return bytes_read + bytes_written; }
};

struct RooflinePoint {
  std::optional<double> flops_per_s;
  std::optional<double> bytes_per_s;
  std::optional<double> intensity;
  std::optional<double> compute_pct;
  std::optional<double> memory_pct;
  std::optional<double> roofline_pct;
  std::optional<std::string> bound;  // "memory" or "compute"
};

// `seconds` is the median time per call; a non-positive time gives no rates.
RooflinePoint place_on_roofline(const DeclaredWork& work, double seconds, const Ceilings& ceilings);

}  // namespace perfgate
