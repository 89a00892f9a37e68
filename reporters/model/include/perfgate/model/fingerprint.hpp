#pragma once
// The device fingerprint: enough about the machine to say whether two runs
// can be compared, and a slug that names its baseline folder.

#include <cstdint>
#include <string>

namespace perfgate {

enum class DeviceKind { gpu, cpu, unknown };

const char* to_string(DeviceKind kind);
// Throws std::invalid_argument for anything but "gpu", "cpu" or "unknown".
DeviceKind device_kind_from_string(const std::string& text);

struct Fingerprint {
  DeviceKind kind = DeviceKind::unknown;
  std::string slug;            // [a-z0-9-]+, the baseline folder name
  std::string name;            // "NVIDIA H100 80GB HBM3", "AMD EPYC 7B13"
  // GPU only (empty or zero on a CPU fingerprint).
  std::string compute_capability;  // "9.0"
  int sm_count = 0;
  std::uint64_t memory_bytes = 0;
  std::uint64_t l2_bytes = 0;
  int max_sm_clock_mhz = 0;
  int max_memory_clock_mhz = 0;
  int memory_bus_bits = 0;
  bool ecc = false;
  std::string driver;          // "13.0"
  std::string cuda_runtime;    // "13.0"
  // Always: the host the run came from.
  std::string host_cpu;
  int logical_cpus = 0;
};

// Lower-case, every run of characters outside [a-z0-9] becomes one '-',
// no leading or trailing '-'.  "NVIDIA H100 80GB HBM3" -> "nvidia-h100-80gb-hbm3".
std::string slugify(const std::string& text);

// The slug of a fingerprint: slugify(name) for a GPU, "cpu-" + slugify(name)
// for a CPU.
std::string make_slug(DeviceKind kind, const std::string& name);

// True when results from the two devices may be gated against each other:
// same kind and name, and for GPUs the same compute capability and SM count.
// An unknown device (imported Google Benchmark JSON) is comparable with any.
// When false, *why says what differs.
bool comparable(const Fingerprint& a, const Fingerprint& b, std::string* why = nullptr);

}  // namespace perfgate
