#pragma once
// The GPU counted pass (--perfgate_instructions on a GPU suite), host part:
// what CUPTI's range profiler counted of each launch of a case's work
// (kernel_count_session.hpp, one range per launch) folded into the case's
// result: its kernels' counts (KernelCounts) and its counters a timed
// iteration (kernel_instructions, kernel_dram_bytes_read, ...; the median
// over the pass's samples, and the instructions' spread over them).  Host
// code, tested on recorded ranges; the session that counts needs a device.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "perfgate/model/results.hpp"

namespace perfgate::count {

// One launch as the range profiler counted it (an auto range per kernel).
struct CountedRange {
  std::string kernel;                    // as CUPTI names it: mangled or not
  std::map<std::string, double> counts;  // by counter name (kernel_metrics())
};

// One case's counted pass: its samples, each `calls_per_sample` calls of the
// case's work (the L2 flushed before each unless the case runs hot).
struct CountedCase {
  std::vector<std::vector<CountedRange>> samples;
  std::int64_t calls_per_sample = 0;
  std::size_t dropped_ranges = 0;  // launches past the counter data image's room
  std::size_t max_ranges = 0;      // that room, a sample (for the message)
};

// The case's result with only what the pass found: kernel_counts (by name,
// demangled) and the kernel_* counters.  Empty without a sample with a range.
BenchmarkResult fold_counted_case(const CountedCase& counted);

// The counting process keeps each case's pass until its result exists, as
// the traced pass does (traced_cases.hpp): under the case's registered name.
// A pass that dropped launches (more than a sample's room) is not kept: one
// line says so and false comes back; the case is counted once either way.
bool keep_counted_case(const std::string& case_name, CountedCase counted);
bool was_counted(const std::string& case_name);

// In the counting process: gives every kept pass to its case's result (a
// pass under a name no result has belongs to the case that reported last).
class CountAttacher {
 public:
  void attach(std::vector<BenchmarkResult>& results);

 private:
  std::map<std::string, BenchmarkResult> attached_;
};

}  // namespace perfgate::count
