#pragma once
// The counted pass (--perfgate_instructions, PERFGATE_INSTRUCTIONS=1):
// after the timed run, the measured host cases run once more in a worker
// under Valgrind's callgrind, which counts what each repetition's timed loop
// executes (callgrind_dumps.hpp): instructions, and the simulated L1 cache
// misses and branch mispredictions.  The timed samples
// never share a process with the simulation, so counting cannot change them;
// the counts join each case's counters ("instructions", "l1_misses",
// "branch_mispredicts" a timed iteration, and
// "instructions_spread_pct").  Counts do not move with clocks or with other
// work on the machine, so they can see a change that time cannot.

#include <optional>
#include <string>
#include <vector>

#include "case_runner.hpp"
#include "main/main_options.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate {

// Repetitions of the counted pass, one iteration each: a warm-up, then the
// counted ones (their median is the count, their spread is said).
inline constexpr int kCountedRepetitions = 5;

// A GPU suite is counted differently: its cases run once more in a worker
// whose GpuTimer counts each kernel through CUPTI's range profiler
// (count/kernel_count_session.hpp) instead of timing it; the counts join
// each case's counters (kernel_instructions, kernel_dram_bytes_read,
// kernel_dram_bytes_written, kernel_l2_bytes a timed iteration, and
// kernel_instructions_spread_pct) and its kernel_counts.

// Why this suite cannot be counted (a GPU suite without a usable device or
// CUDA; a host suite's binary built without valgrind's client requests; no
// valgrind on PATH), or nullopt.
std::optional<std::string> counting_impossible();

// Before anything is measured: with --perfgate_instructions, an InputError
// naming the flag where counting cannot run; with =auto, one line and the
// counted pass off.
void settle_counting(MainOptions& options);

// The gate's side: runs the pass for the measured cases in `measured` and
// puts their counts into their counters; a pass that fails is one warning
// and the timed run stands.
void count_cases(const std::vector<std::string>& args, std::vector<BenchmarkResult>& measured);

// The worker's side (Role::count_worker) of a GPU suite, before any CUDA
// call: initializes CUPTI's profiler.  False when it cannot: the one line is
// printed and the worker ends with 0.
bool claim_kernel_counting();

// The worker's side (Role::count_worker): no display; a host suite's, after
// each case's repetitions, the marker dump that names them; a GPU suite's,
// each case's kernel counts attached to its result.
RunHooks counted_pass_hooks();

}  // namespace perfgate
