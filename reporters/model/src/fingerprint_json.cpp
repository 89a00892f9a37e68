#include "perfgate/model/fingerprint_json.hpp"

namespace perfgate {

nlohmann::ordered_json fingerprint_to_json(const Fingerprint& f) {
  nlohmann::ordered_json j;
  j["kind"] = to_string(f.kind);
  j["slug"] = f.slug;
  j["name"] = f.name;
  if (f.kind == DeviceKind::gpu) {
    j["compute_capability"] = f.compute_capability;
    j["sm_count"] = f.sm_count;
    j["memory_bytes"] = f.memory_bytes;
    j["l2_bytes"] = f.l2_bytes;
    j["max_sm_clock_mhz"] = f.max_sm_clock_mhz;
    j["max_memory_clock_mhz"] = f.max_memory_clock_mhz;
    j["memory_bus_bits"] = f.memory_bus_bits;
    j["ecc"] = f.ecc;
    j["driver"] = f.driver;
    j["cuda_runtime"] = f.cuda_runtime;
  }
  j["host_cpu"] = f.host_cpu;
  j["logical_cpus"] = f.logical_cpus;
  return j;
}

}  // namespace perfgate
