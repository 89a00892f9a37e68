#pragma once
// What a traced pass saw, in perfgate's own types: the CUPTI layer
// (cupti_session.hpp) fills these, so the Chrome trace writer and the
// per-kernel summary can be tested on synthetic records without a GPU.
//
// Times are nanoseconds on one clock (cuptiGetTimestamp: CLOCK_REALTIME);
// the harness stamps its own ranges with the same clock.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace perfgate::trace {

enum class CopyDirection { host_to_device, device_to_host, device_to_device, host_to_host, peer_to_peer, unknown };

// "HtoD", "DtoH", "DtoD", "HtoH", "PtoP", "unknown": the names the results use.
const char* to_string(CopyDirection direction);

// Usable timestamps: CUPTI writes start = end = 0 when a device buffer ran
// out, and an end before the start is no duration either.
constexpr bool has_valid_times(std::uint64_t start_ns, std::uint64_t end_ns) {
  return start_ns != 0 && end_ns != 0 && end_ns >= start_ns;
}

// Where a GPU record ran.  Streams are CUPTI stream ids.
struct GpuPlace {
  std::uint32_t device = 0;
  std::uint32_t context = 0;
  std::uint32_t stream = 0;
};

struct KernelActivity {
  std::string name;  // demangled
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
  GpuPlace place;
  std::uint32_t correlation = 0;  // the launching API call's
  std::int32_t grid[3] = {0, 0, 0};
  std::int32_t block[3] = {0, 0, 0};
  std::int32_t registers_per_thread = 0;
  std::int32_t shared_memory_bytes = 0;  // static + dynamic
};

struct CopyActivity {
  CopyDirection direction = CopyDirection::unknown;
  std::string source_kind;       // "Pageable", "Pinned", "Device", ...
  std::string destination_kind;
  std::uint64_t bytes = 0;
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
  GpuPlace place;
  std::uint32_t correlation = 0;
};

struct MemsetActivity {
  std::uint64_t bytes = 0;
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
  GpuPlace place;
  std::uint32_t correlation = 0;
};

// A CUDA runtime or driver API call on a host thread.
struct ApiActivity {
  std::string name;  // "cudaLaunchKernel", "cuLaunchKernelEx", ...
  bool driver = false;
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
  std::uint32_t process = 0;
  std::uint32_t thread = 0;
  std::uint32_t correlation = 0;
};

// The harness's own ranges (the case, its phases), on the host thread that
// ran them.  Shown in the trace as the parents of the API calls.
struct HarnessRange {
  std::string name;
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
  std::uint32_t process = 0;
  std::uint32_t thread = 0;
};

// The phases of a traced pass.  Each runs under its own external
// correlation id, made of the case's sequence number in the process and the
// phase, so every API call, and through it every kernel and copy, says which
// case and which phase launched it: only the case's `work` goes into its
// per-kernel summary.
enum class Phase : std::uint64_t { work = 1, flush = 2 };
const char* to_string(Phase phase);  // "work", "flush"

constexpr std::uint64_t external_id(std::uint64_t case_index, Phase phase) {
  return case_index << 8 | static_cast<std::uint64_t>(phase);
}
constexpr std::uint64_t case_of(std::uint64_t id) { return id >> 8; }
constexpr std::uint64_t phase_of(std::uint64_t id) { return id & 0xff; }

struct ActivityRecords {
  std::uint64_t case_index = 0;  // the case these records were gathered for
  std::vector<KernelActivity> kernels;
  std::vector<CopyActivity> copies;
  std::vector<MemsetActivity> memsets;
  std::vector<ApiActivity> api_calls;
  std::vector<HarnessRange> harness_ranges;
  // API correlation id -> external correlation id (a Phase) pushed around it.
  std::map<std::uint32_t, std::uint64_t> external_ids;
  // CUDA device index -> model ("NVIDIA H100 80GB HBM3") of every device the
  // GPU records ran on (end_traced_case asks the runtime): a multi-GPU case
  // names each GPU's track, not only the device it started on.
  std::map<std::uint32_t, std::string> device_names;
  std::uint64_t dropped_records = 0;  // lost in CUPTI's buffers
  // GPU records with no usable timestamps (start or end 0, end before
  // start: an exhausted device buffer), counted and left out.
  std::uint64_t invalid_records = 0;

  bool empty() const { return kernels.empty() && copies.empty() && memsets.empty() && api_calls.empty(); }
  void clear() { *this = ActivityRecords{}; }
};

}  // namespace perfgate::trace
