#pragma once
// The device fingerprint: enough about the machine to say whether two runs
// can be compared, and a slug that names its baseline folder.

#include <cstdint>
#include <string>
#include <vector>

namespace perfgate {

enum class DeviceKind { gpu, cpu, unknown };

// One GPU of a run on several GPUs.
struct GpuModel {
  std::string name;        // "NVIDIA H100 80GB HBM3"
  std::string pci_bus_id;  // "0000:18:00.0" (cudaDeviceGetPCIBusId): where it sits in the machine
};

// What the CUDA runtime says about GPU `from` reaching GPU `to` directly
// (cudaDeviceGetP2PAttribute).  The runtime does not say whether the path is
// NVLink or PCIe, so neither is claimed: the attributes are kept as reported.
struct PeerLink {
  int from = 0;
  int to = 0;
  bool access = false;          // cudaDevP2PAttrAccessSupported (cudaDeviceCanAccessPeer)
  int performance_rank = 0;     // cudaDevP2PAttrPerformanceRank: 0 is the best path of this machine
  bool native_atomics = false;  // cudaDevP2PAttrNativeAtomicSupported
  friend bool operator==(const PeerLink&, const PeerLink&) = default;
};

// What a CPU is, beyond its model-name string ("AMD EPYC" names every EPYC
// generation): written since issue 40, so a file from before has none of it
// (known() is false: its identity is partial).
struct CpuIdentity {
  std::string vendor;          // CPUID's vendor ("AuthenticAMD", "GenuineIntel"); ARM: "arm-implementer-0x41"
  int family = 0;              // CPUID's display family (family + extended family); ARM: the architecture
  int model = 0;               // display model (model + extended model << 4); ARM: the part number
  int stepping = 0;            // ARM: variant << 4 | revision
  std::uint64_t l3_bytes = 0;  // the last-level cache as the CPU reports it; 0 when it reports none
  std::string hypervisor;      // "none" on bare metal; else who runs the machine ("kvm", "hyper-v", "bhyve", ...)
  bool known() const { return !vendor.empty(); }
  bool virtual_machine() const { return known() && hypervisor != "none"; }
  friend bool operator==(const CpuIdentity&, const CpuIdentity&) = default;
};

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
  // GPU only: how many GPUs the run used (the properties above are the first
  // one's).  With more than one, each GPU's model and each ordered pair's
  // peer link; absent from files (and 1) for a run on one GPU.
  int gpu_count = 1;
  std::vector<GpuModel> gpus;
  std::vector<PeerLink> peers;
  // Always: the host the run came from.
  std::string host_cpu;
  int logical_cpus = 0;
  // CPU only: the processor beyond its name (partial in older files).
  CpuIdentity cpu;
};

// Lower-case, every run of characters outside [a-z0-9] becomes one '-',
// no leading or trailing '-'.  "NVIDIA H100 80GB HBM3" -> "nvidia-h100-80gb-hbm3".
std::string slugify(const std::string& text);

// The slug of a fingerprint: slugify(name) for a GPU, "cpu-" + slugify(name)
// for a CPU.
std::string make_slug(DeviceKind kind, const std::string& name);

// The slug of a CPU whose identity is known: readable, and distinct for CPUs
// that are not comparable by family, model, CPU count or hypervisor:
// "cpu-amd-epyc-fam25-mod17-2cpu-kvm" (bare metal: no hypervisor part).
// Stepping and L3 size are checked by comparable() but not spelled out.
// make_slug's "cpu-<name>" when the identity is partial.
std::string cpu_slug(const Fingerprint& fingerprint);

// The slug of a run on the GPUs `models` (in device order): one GPU keeps
// make_slug's; N > 1 GPUs add "-x<N>" ("nvidia-h100-80gb-hbm3-x8"), so
// baselines of different GPU counts never mix; GPUs of different models add
// "-mixed-x<N>" to the first one's slug (the fingerprint lists each model).
std::string gpus_slug(const std::vector<std::string>& models);

// The slug this fingerprint's device gets everywhere (make_slug, or
// gpus_slug for a run on several GPUs): what a baseline folder must be named.
std::string expected_slug(const Fingerprint& fingerprint);

// The slug of the first GPU's model alone (make_slug(kind, name)), whatever
// the GPU count: device calibrations are per model.
std::string model_slug(const Fingerprint& fingerprint);

// "peer access 2 of 2 pairs, native atomics 2 of 2, performance rank 0";
// empty for one GPU.  The history's testbed topology.
std::string peer_summary(const Fingerprint& fingerprint);

// True when results from the two devices may be gated against each other:
// same kind and name, and for GPUs the same compute capability, SM count and
// GPU count; for CPUs the same logical CPU count and, when both identities
// are known, the same vendor, family, model, stepping, L3 size and
// hypervisor (a VM and bare metal are two machines).
// An unknown device (imported Google Benchmark JSON) is comparable with any.
// When false, *why says what differs.
bool comparable(const Fingerprint& a, const Fingerprint& b, std::string* why = nullptr);

// "the baseline's CPU identity is partial (...): only its name and CPU count
// were compared", when one CPU fingerprint has its identity and the other
// lacks it (a file written before it was recorded); empty otherwise.
std::string partial_identity_note(const Fingerprint& baseline, const Fingerprint& current);

// What comparable() could not check of the host's CPU count, said so that
// two machines of one slug are never judged as one in silence: one side
// without a count, or counts that differ where they are not compared (the
// host of a GPU run; a Google Benchmark file's num_cpus).  Empty otherwise.
std::string cpu_count_note(const Fingerprint& baseline, const Fingerprint& current);

}  // namespace perfgate
