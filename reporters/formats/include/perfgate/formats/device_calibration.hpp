#pragma once
// baselines/<slug>/device.json: a device's ceilings as `perfgate device
// --calibrate` measured them.  Like results, the file keeps every sample and
// the loader recomputes the ceilings from them (work / median time).

#include <filesystem>
#include <string>
#include <vector>

#include "perfgate/model/ceilings.hpp"
#include "perfgate/model/fingerprint.hpp"

namespace perfgate {

inline constexpr const char* kDeviceSchema = "perfgate/device";
inline constexpr int kDeviceSchemaVersion = 1;

struct CeilingMeasurement {
  std::string ceiling;           // "memory" or a precision ("bf16")
  std::string method;            // what ran, for reviewers: "cublasGemmEx 8192x8192x8192 ..."
  double work_per_call = 0.0;    // bytes moved (read + written) or FLOP per call
  std::vector<double> samples;   // seconds per call, every timed sample
};

struct DeviceCalibration {
  Fingerprint fingerprint;
  std::string created_utc;
  std::vector<CeilingMeasurement> measurements;

  // work_per_call / median(samples) for each measurement; source measured.
  Ceilings ceilings() const;
};

// Where a device's calibration lives: BaselineStore (baseline_store.hpp).

// Validates everything; throws InputError("FILE: where: problem").
DeviceCalibration load_device_calibration(const std::filesystem::path& file);
DeviceCalibration parse_device_calibration(const std::string& text, const std::string& origin);
std::string device_calibration_to_json(const DeviceCalibration& calibration);
// Atomic, like every perfgate write.
void save_device_calibration(const DeviceCalibration& calibration, const std::filesystem::path& file);

}  // namespace perfgate
