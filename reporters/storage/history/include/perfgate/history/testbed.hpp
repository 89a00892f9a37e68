#pragma once
// A testbed: the device a series was measured on plus everything else that
// changes its timings (driver, CUDA runtime, GPU count and topology, and the
// host CPU for host suites).  Runs are a series only on one testbed.

#include <string>

#include "perfgate/model/fingerprint.hpp"

namespace perfgate::history {

struct Testbed {
  std::string name;          // the key: "<device slug>" plus what differs, or --testbed's
  std::string device_slug;
  std::string device_kind;   // "gpu", "cpu", "unknown"
  std::string device_name;
  std::string driver;
  std::string cuda_runtime;
  int gpu_count = 1;
  std::string topology;      // peer_summary(): "peer access 56 of 56 pairs, ..."; empty for one GPU
  std::string host_cpu;
  std::string fingerprint_json;  // the whole fingerprint (fingerprint_to_json), as the history keeps it
};

// The testbed of a results file's fingerprint.  Its name is the device slug
// followed by what else changes timings: for a GPU "-driver-<d>-cuda-<r>"
// (N > 1 GPUs: the slug's "-x<N>" comes first, as in the baseline folder:
// "nvidia-h100-80gb-hbm3-x8-driver-13-0-cuda-13-0"), for a CPU "-<N>cpu".  `override_name` (the
// --testbed flag) replaces the name, as it must for Google Benchmark or
// NVBench files whose device is unknown.  Throws InputError naming `origin`
// when the device is unknown and no name is given.
Testbed testbed_of(const Fingerprint& fingerprint, const std::string& override_name, const std::string& origin);

}  // namespace perfgate::history
