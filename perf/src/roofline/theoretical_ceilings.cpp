#include "roofline/theoretical_ceilings.hpp"

#include "roofline/per_sm_rates.hpp"

namespace perfgate {

double theoretical_memory_bandwidth(int memory_bus_bits, int max_memory_clock_mhz) {
  return 2.0 * max_memory_clock_mhz * 1e6 * memory_bus_bits / 8.0;
}

Ceilings theoretical_ceilings(const Fingerprint& device) {
  Ceilings c;
  c.source = CeilingSource::theoretical;
  if (device.kind != DeviceKind::gpu) return c;
  c.memory_bytes_per_s = theoretical_memory_bandwidth(device.memory_bus_bits, device.max_memory_clock_mhz);
  const double sm_clocks_per_s = device.sm_count * (device.max_sm_clock_mhz * 1e6);
  for (Precision p : kAllPrecisions)
    if (auto rate = flops_per_sm_per_clock(device.compute_capability, p); rate && sm_clocks_per_s > 0)
      c.flops_per_s[p] = sm_clocks_per_s * *rate;
  return c;
}

}  // namespace perfgate
