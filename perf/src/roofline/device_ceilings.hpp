#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "perfgate/formats/device_calibration.hpp"
#include "perfgate/model/ceilings.hpp"
#include "perfgate/model/fingerprint.hpp"

namespace perfgate {

// The ceilings a run is placed against: the calibration file (written by
// `perfgate device --calibrate`, labelled measured) when it exists, else the
// theoretical ones.  A calibration that is invalid, or was measured on a
// device the fingerprint cannot be compared with, is an InputError naming
// the file: a roofline against the wrong ceilings would mislead.
Ceilings ceilings_for(const Fingerprint& device, const std::filesystem::path& calibration_file);

// The same for a calibration already read (nullopt: none), from wherever it
// is kept (a baseline store), `where` naming it in the message.
Ceilings ceilings_for(const Fingerprint& device, const std::optional<DeviceCalibration>& calibration,
                      const std::string& where);

}  // namespace perfgate
