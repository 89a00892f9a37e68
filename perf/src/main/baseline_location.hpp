#pragma once
// Where a suite binary finds the baseline it gates against.

#include <filesystem>
#include <optional>
#include <string>

#include "main/main_options.hpp"
#include "perfgate/model/fingerprint.hpp"

namespace perfgate {

// --perfgate_baseline, else where the baseline store of
// --perfgate_baseline_dir (open_baseline_store, baseline_store.hpp) keeps
// the suite's baseline for this device.
// InputError when neither flag is given.
std::filesystem::path baseline_path(const MainOptions& options, const std::string& slug, const std::string& suite);

// The slug whose baseline of `suite` this device is gated against: its own,
// else one of the slugs it had before (baseline_store.hpp, baseline_slugs)
// that holds one; its own without --perfgate_baseline_dir.
std::string baseline_slug_of(const MainOptions& options, const std::string& suite, const Fingerprint& device);

// This device's calibration (device.json written by `perfgate device
// --calibrate`): beside the baselines of the device; empty when no baseline
// flag says where those are.
std::filesystem::path calibration_path(const MainOptions& options, const std::string& slug);

// With a baseline folder but none for this device, a baseline of the same
// suite for another device still lets the run report (INCOMPARABLE, never a
// failure).  The first such file by path, or nullopt.
std::optional<std::filesystem::path> other_device_baseline(const MainOptions& options, const std::string& suite);

}  // namespace perfgate
