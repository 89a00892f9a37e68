#include "main/run_ceilings.hpp"

#include "roofline/device_ceilings.hpp"

namespace perfgate {

Ceilings run_ceilings(const Fingerprint& device, const RunBaselines& baselines) {
  const std::string slug = model_slug(device);
  const std::string where = baselines.calibration_location(slug);
  if (device.kind != DeviceKind::gpu) return ceilings_for(device, std::nullopt, where);
  return ceilings_for(device, baselines.calibration(slug), where);
}

}  // namespace perfgate
