#pragma once
// perfgate-device-cuda (device_cuda_main.cpp), seen from `perfgate`: the
// helper holds everything that needs the CUDA runtime, so perfgate links
// none and starts on machines without CUDA libraries.  It sits in perfgate's
// own folder (bin/ installed, tools/ in a build) when perfgate was built with
// CUDA; where it cannot start (no libcudart), there is no GPU to use.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace perfgate::cli {

struct HelperRun {
  int exit_code = 0;   // 128 + signal when a signal ended it
  std::string out;     // its stdout
  std::string error;   // its stderr (the loader's message when it could not start)
};

// The helper beside this program (/proc/self/exe's folder); nullopt when
// there is none (perfgate was built without CUDA).
std::optional<std::filesystem::path> device_cuda_helper();

// Runs it with `args`, reading its stdout and stderr.
HelperRun run_helper(const std::filesystem::path& helper, const std::vector<std::string>& args);

// Why a run that did not exit 0 or 2 gave no answer, as a "no CUDA device"
// line: "no CUDA device: perfgate-device-cuda did not run (exit code 127):
// <its first line on stderr>".
std::string no_gpu_reason(const HelperRun& run);

// The slug a suite's baselines are kept under here: the GPU's for a GPU
// suite when the helper finds a usable one (with "-x<N>" for a suite that
// may use `gpus` > 1 of them, on a machine with more than one), else the
// host's.
std::string this_device_slug(bool gpu_suite, int gpus = 1);

}  // namespace perfgate::cli
