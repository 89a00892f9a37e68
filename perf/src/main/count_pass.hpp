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

// Why this suite cannot be counted (a GPU suite, whose kernels CUPTI would
// count; a binary built without valgrind's client requests; no valgrind on
// PATH), or nullopt.
std::optional<std::string> counting_impossible();

// Before anything is measured: with --perfgate_instructions, an InputError
// naming the flag where counting cannot run; with =auto, one line and the
// counted pass off.
void settle_counting(MainOptions& options);

// The gate's side: runs the pass for the measured cases in `measured` and
// puts their counts into their counters; a pass that fails is one warning
// and the timed run stands.
void count_cases(const std::vector<std::string>& args, std::vector<BenchmarkResult>& measured);

// The worker's side (Role::count_worker): no display; after each case's
// repetitions, the marker dump that names them.
RunHooks counted_pass_hooks();

}  // namespace perfgate
