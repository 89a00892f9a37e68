#pragma once
// CUPTI activity tracing for the traced pass (CUDA builds only).
//
// CUPTI allows one subscriber per process, and Nsight Systems, Nsight
// Compute and cuda-gdb hold it when they run a program, so the session is
// process-wide and claims CUPTI once, before the process creates its CUDA
// context.  Kernel records stay enabled from then on (enabling them later
// makes CUPTI instrument every loaded module at that moment, a stall of
// seconds); API, copy and memset records are enabled only while a case is
// traced, and every record is tied to its case and phase by an external
// correlation id (activity_records.hpp).

#include <cstdint>
#include <optional>
#include <string>

#include "trace/activity_records.hpp"

namespace perfgate::trace {

// Claims CUPTI and sets tracing up; nullopt when tracing can run, otherwise
// why it cannot (another profiler holds CUPTI, naming it; a CUPTI error).
// Call once, before the first CUDA call that creates a context.
std::optional<std::string> start_tracing();

// This process runs the traced pass (start_tracing succeeded once), and
// whether CUPTI still works in it (an error later switches it off).
bool trace_pass_process();
bool tracing_works();

// The clock of every record: CUPTI's timestamp (CLOCK_REALTIME ns).
std::uint64_t trace_clock_ns();

// One case's traced pass, on the thread that launches its work:
//   begin_traced_case(); { TracedPhase p(Phase::work); ...launch...; } ...
//   cudaDeviceSynchronize(); ActivityRecords r = end_traced_case();
// A CUPTI error inside a pass ends tracing for the process, with a warning
// on stderr; the case's records are then empty.
void begin_traced_case();
ActivityRecords end_traced_case();

// While alive, the API calls of this thread (and what they launch) belong
// to `phase` of the current traced case; also a harness range in the trace.
class TracedPhase {
 public:
  explicit TracedPhase(Phase phase);
  ~TracedPhase();
  TracedPhase(const TracedPhase&) = delete;
  TracedPhase& operator=(const TracedPhase&) = delete;

 private:
  Phase phase_;
  std::uint64_t start_ns_;
  bool pushed_ = false;
};

}  // namespace perfgate::trace
