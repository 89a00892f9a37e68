#pragma once
// The GPU half of `perfgate device`, in perfgate-device-cuda (the one program
// of perfgate's that links the CUDA runtime): the GPUs' fingerprints and
// ceilings, the device slug a GPU suite runs under, and --calibrate.

#include <filesystem>

#include "calibrate/calibrate_device.hpp"

namespace perfgate::device_cuda {

// Each GPU's section of `perfgate device` (text), or with `json`
// {"gpus": [...], "gpu_unavailable": "..."} for perfgate to merge into its
// report.  Measured ceilings come from <baseline_dir>/<slug>/device.json.
int print_gpus(const std::filesystem::path& baseline_dir, bool json);

// The slug of the device GPU cases run on, one line; nothing when there is
// no usable GPU (the suite then runs under the host's slug).  A suite of
// GPUS n runs on min(n, GPUs) of them: "-x<N>" when more than one.
int print_gpu_slug(int gpus = 1);

// Measures the GPU's ceilings and writes <baseline_dir>/<slug>/device.json
// (not with `dry_run`).  DeviceError without a usable GPU.
int calibrate(const std::filesystem::path& baseline_dir, const CalibrationSettings& settings, bool dry_run);

}  // namespace perfgate::device_cuda
