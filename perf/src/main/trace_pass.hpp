#pragma once
// The traced pass (--perfgate_trace=DIR): after the timed run, the measured
// cases run once more in a separate worker process under CUPTI.  The timed
// samples never share a process with CUPTI, so tracing cannot change them.
// The pass adds to each GPU case its per-kernel summary, its copies and the
// path of its Chrome trace (Perfetto); it never changes samples or verdicts.
// When tracing cannot run (no device, another profiler holds CUPTI, a CUPTI
// error) it prints one warning and the run goes on.

#include <optional>
#include <string>
#include <vector>

#include "perfgate/model/results.hpp"
#include "perfgate/runtime/main_options.hpp"

namespace perfgate {

// Set for the worker that runs the traced pass: the trace folder.
inline constexpr const char* kTracePassVariable = "PERFGATE_TRACE_PASS";

// The trace folder when this process is the traced-pass worker.
std::optional<std::string> trace_pass_folder();

// The gate's side: runs the pass for the measured cases in `measured` and
// copies what it found into them.
void trace_cases(const std::vector<std::string>& args, const MainOptions& options,
                 std::vector<BenchmarkResult>& measured);

// The worker's side: claims CUPTI, runs the cases, journals their traces.
int run_trace_worker(std::vector<std::string> args, const std::string& journal, const std::string& folder);

}  // namespace perfgate
