#pragma once
// A traced pass as a Chrome trace-event JSON file: the legacy format that
// Perfetto (ui.perfetto.dev) and chrome://tracing open.  Each GPU is a
// process with one track per stream; the host process has one track per
// thread, where the harness's ranges hold the CUDA API calls; arrows lead
// from each launching call to the kernel or copy it started.

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "trace/activity_records.hpp"

namespace perfgate::trace {

// A GPU's process id in the trace: above Linux's pid_max (at most 2^22), so
// it never collides with the host process.
inline constexpr std::uint32_t kGpuProcessBase = 100000000;
constexpr std::uint32_t gpu_process(std::uint32_t device) { return kGpuProcessBase + device; }

struct TraceMetadata {
  std::string case_name;
  std::uint32_t host_process = 0;
  std::string host_process_name;
  std::map<std::uint32_t, std::string> device_names;  // device index -> "NVIDIA H100 80GB HBM3"
  std::int64_t iterations = 0;                        // calls of the case's work in the pass
  // What the trace's times count from.  By default the earliest start among
  // the records; a record that starts earlier is clamped to it.
  std::optional<std::uint64_t> base_time_ns;
};

// The trace document.  Records without usable timestamps are left out (the
// caller counts them in records.invalid_records).  Strings are made valid
// UTF-8, so the document dumps without throwing.
nlohmann::ordered_json chrome_trace_json(const ActivityRecords& records, const TraceMetadata& metadata);

// Writes chrome_trace_json() to `file` atomically, creating its folders.
// Throws OutputError when it cannot.
void write_chrome_trace(const ActivityRecords& records, const TraceMetadata& metadata,
                        const std::filesystem::path& file);

}  // namespace perfgate::trace
