// perfgate device: this machine's fingerprints and slugs.

#include <iostream>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "perfgate/compare/exit_code.hpp"
#include "perfgate/model/fingerprint_json.hpp"
#include "perfgate/runtime/host_fingerprint.hpp"
#if PERFGATE_HAS_CUDA
#include "perfgate/cuda/availability.hpp"
#include "perfgate/cuda/device_fingerprint.hpp"
#endif

namespace perfgate::cli {
namespace {

struct GpuReport {
  std::vector<Fingerprint> devices;
  std::string unavailable;  // why there are none
};

GpuReport probe_gpus() {
  GpuReport report;
#if PERFGATE_HAS_CUDA
  const auto& cuda = cuda::availability();
  if (!cuda.usable) {
    report.unavailable = cuda.reason;
    return report;
  }
  for (int d = 0; d < cuda.device_count; ++d) report.devices.push_back(cuda::device_fingerprint(d));
#else
  report.unavailable = "no CUDA device: perfgate was built without CUDA";
#endif
  return report;
}

void print_gpu(const Fingerprint& f, int index) {
  std::cout << "GPU " << index << ": " << f.name << "\n  slug                " << f.slug
            << "\n  compute capability  " << f.compute_capability << "\n  SMs                 " << f.sm_count
            << "\n  memory              " << f.memory_bytes / (1024.0 * 1024 * 1024) << " GiB, " << f.memory_bus_bits
            << "-bit bus, max clock " << f.max_memory_clock_mhz << " MHz"
            << "\n  L2                  " << f.l2_bytes / (1024.0 * 1024) << " MiB"
            << "\n  max SM clock        " << f.max_sm_clock_mhz << " MHz"
            << "\n  ECC                 " << (f.ecc ? "on" : "off") << "\n  driver / runtime    " << f.driver << " / "
            << f.cuda_runtime << "\n";
}

}  // namespace

int run_device(const DeviceOptions& options) {
  const Fingerprint host = host_fingerprint();
  const GpuReport gpus = probe_gpus();
  if (options.json) {
    nlohmann::ordered_json j = {{"host", fingerprint_to_json(host)}, {"gpus", nlohmann::ordered_json::array()}};
    for (const auto& g : gpus.devices) j["gpus"].push_back(fingerprint_to_json(g));
    if (!gpus.unavailable.empty()) j["gpu_unavailable"] = gpus.unavailable;
    std::cout << j.dump(2) << '\n';
    return kExitOk;
  }
  std::cout << "Host CPU: " << host.name << "\n  slug                " << host.slug << "\n  logical CPUs        "
            << host.logical_cpus << "\n";
  for (std::size_t i = 0; i < gpus.devices.size(); ++i) print_gpu(gpus.devices[i], static_cast<int>(i));
  if (!gpus.unavailable.empty()) std::cout << gpus.unavailable << "\n";
  return kExitOk;
}

}  // namespace perfgate::cli
