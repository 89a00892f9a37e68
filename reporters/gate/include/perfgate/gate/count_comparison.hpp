#pragma once
// The counted measure of a case (docs/design.md, "Counted work"): the
// instructions a timed iteration executed on each side (--perfgate_instructions):
// a host case's under callgrind ("instructions"), a GPU case's kernels'
// through CUPTI ("kernel_instructions", warp instructions), judged with a rule fit for a nearly
// deterministic number, and how that verdict and the time verdict make the
// case's verdict (GateMeasure).

#include <optional>
#include <string>
#include <vector>

#include "perfgate/gate/verdict.hpp"
#include "perfgate/model/gate_measure.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate {

// A change must also stand this many times above the larger of the two
// sides' measured run-to-run spread of instructions.
inline constexpr double kCountSpreads = 3.0;

// One count of a case against its baseline's, a timed iteration.
struct CountChange {
  std::string name;  // "instructions", "l1_misses", "kernel_instructions", "kernel_dram_bytes_read", ...
  double baseline = 0.0;
  double current = 0.0;
  double change_pct() const;  // (current / baseline - 1) x 100; 0 when both are 0
};

struct CountComparison {
  CountChange instructions;         // the judged count: instructions or kernel_instructions
  std::vector<CountChange> others;  // the simulated misses, the kernels' bytes: to explain; never judged
  double spread_pct = 0.0;          // the larger side's spread of the judged count
  bool spread_recorded = true;      // false: a side's file has no spread (taken as 0)
  double threshold_pct = 1.0;       // the least change of the instructions that counts
  Verdict verdict = Verdict::no_change;  // NO_CHANGE, REGRESSION, IMPROVEMENT or INCONCLUSIVE
  std::string reason;                    // "instructions +10.0% a timed iteration ..."
  // Set where the counts made the case's verdict (apply_gate_measure): the
  // time verdict and reason they stood beside.  Such a case is not measured
  // again: counting again gives the same counts.
  bool decided = false;
  std::optional<Verdict> time_verdict;
  std::string time_reason;
};

// Both sides' counted instructions against each other, or nullopt where a
// side was not counted (or counted none): the host's where both sides
// have them, else the kernels'.
std::optional<CountComparison> compare_counts(const BenchmarkResult& baseline, const BenchmarkResult& current,
                                              double threshold_pct);

// A count's name as a reader reads it: "kernel dram bytes read".
std::string count_label(const std::string& name);

// Gives `verdict` and `reason` (the time verdict's) what `measure` makes of
// them and of `counts` (see GateMeasure); marks counts.decided where the
// counts made the verdict.
void apply_gate_measure(GateMeasure measure, CountComparison& counts, Verdict& verdict, std::string& reason);

}  // namespace perfgate
