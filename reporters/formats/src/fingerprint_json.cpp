#include "perfgate/formats/fingerprint_json.hpp"

#include "json_reader.hpp"

namespace perfgate {
namespace {

// Each GPU and each ordered pair's peer link, for a run on several GPUs
// (each list when known: the reader takes a count alone too).
void add_gpus(nlohmann::ordered_json& j, const Fingerprint& f) {
  j["gpu_count"] = f.gpu_count;
  if (!f.gpus.empty()) j["gpus"] = nlohmann::ordered_json::array();
  for (const GpuModel& gpu : f.gpus) j["gpus"].push_back({{"name", gpu.name}, {"pci_bus_id", gpu.pci_bus_id}});
  if (!f.peers.empty()) j["peers"] = nlohmann::ordered_json::array();
  for (const PeerLink& link : f.peers)
    j["peers"].push_back({{"from", link.from},
                          {"to", link.to},
                          {"access", link.access},
                          {"performance_rank", link.performance_rank},
                          {"native_atomics", link.native_atomics}});
}

}  // namespace

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
    if (f.gpu_count > 1) add_gpus(j, f);  // one GPU: written as before, absent means 1
  }
  j["host_cpu"] = f.host_cpu;
  j["logical_cpus"] = f.logical_cpus;
  if (f.kind == DeviceKind::cpu && f.cpu.known())  // absent: a partial identity (files before issue 40)
    j["cpu"] = {{"vendor", f.cpu.vendor},     {"family", f.cpu.family},     {"model", f.cpu.model},
                {"stepping", f.cpu.stepping}, {"l3_bytes", f.cpu.l3_bytes}, {"hypervisor", f.cpu.hypervisor}};
  return j;
}

Fingerprint fingerprint_from_json_text(const std::string& text, const std::string& origin) {
  return detail::read_fingerprint(detail::parse_json(text, origin), origin);
}

}  // namespace perfgate
