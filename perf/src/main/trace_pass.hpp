#pragma once
// The traced pass (--perfgate_trace=DIR): after the timed run, the measured
// cases run once more in a separate worker process under CUPTI.  The timed
// samples never share a process with CUPTI, so tracing cannot change them.
// The pass adds to each GPU case its per-kernel summary, its copies and the
// path of its Chrome trace (Perfetto); it never changes samples or verdicts.
// When tracing cannot run (no device, another profiler holds CUPTI, a CUPTI
// error) it prints one warning and the run goes on.

#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "main/main_options.hpp"
#include "perfgate/model/results.hpp"
#include "case_runner.hpp"

namespace perfgate {

// The arguments of an untimed pass (traced, or the GPU counted pass): the
// suite binary's, then one run of each case in `names`, one after the
// other, and no results file.  Later flags win.
std::vector<std::string> untimed_pass_argv(const std::vector<std::string>& args, const std::vector<std::string>& names);

// Gives each case of `measured` what an untimed pass found for it (`copy`),
// from the pass's result of the same name where `found` says it has
// something; how many cases were given something.
std::size_t copy_pass_results(const std::vector<BenchmarkResult>& pass, std::vector<BenchmarkResult>& measured,
                              bool (*found)(const BenchmarkResult&),
                              void (*copy)(const BenchmarkResult&, BenchmarkResult&));

// An untimed pass shows no times (they are nominal): it reports nothing.
std::unique_ptr<benchmark::BenchmarkReporter> silent_reporter();

// The gate's side: runs the pass for the measured cases in `measured` and
// copies what it found into them.
void trace_cases(const std::vector<std::string>& args, const MainOptions& options,
                 std::vector<BenchmarkResult>& measured);

// The worker's side (run_worker, Role::trace_worker), before any CUDA
// call: claims CUPTI.  False when tracing cannot run here: the warning is
// printed and the worker ends with 0.
bool claim_tracing();

// The worker's side: how its cases run (no display; each case's traces
// written to `folder` and attached to its results, which the journal keeps).
RunHooks traced_pass_hooks(const std::string& folder);

}  // namespace perfgate
