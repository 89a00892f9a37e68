#include "roofline/device_ceilings.hpp"

#include "perfgate/formats/device_calibration.hpp"
#include "perfgate/platform/errors.hpp"
#include "roofline/theoretical_ceilings.hpp"

namespace perfgate {

Ceilings ceilings_for(const Fingerprint& device, const std::filesystem::path& calibration_file) {
  if (device.kind != DeviceKind::gpu || calibration_file.empty() || !std::filesystem::exists(calibration_file))
    return theoretical_ceilings(device);
  return ceilings_for(device, load_device_calibration(calibration_file), calibration_file.string());
}

Ceilings ceilings_for(const Fingerprint& device, const std::optional<DeviceCalibration>& calibration,
                      const std::string& where) {
  if (device.kind != DeviceKind::gpu || !calibration) return theoretical_ceilings(device);
  std::string why;
  if (!comparable(calibration->fingerprint, device, &why))
    throw InputError(where + ": calibrated on another device (" + why + "); run `perfgate device --calibrate` on this one");
  // Used as measured, alone: a precision the calibration could not run (no
  // cuBLAS kernel for it) gets no percentages rather than a mixed label.
  return calibration->ceilings();
}

}  // namespace perfgate
