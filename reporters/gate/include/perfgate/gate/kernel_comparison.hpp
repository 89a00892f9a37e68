#pragma once
// The kernels of one case's traced passes (--perfgate_trace) compared with
// the baseline's: which kernel appeared, vanished, slowed or runs more often;
// and, where both sides had a GPU counted pass (--perfgate_instructions),
// what each kernel's counts did: "+12% DRAM bytes read".
// It explains a case's verdict; it never changes it, nor the exit code.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/gate/count_comparison.hpp"
#include "perfgate/gate/gate_settings.hpp"
#include "perfgate/gate/sample_evidence.hpp"
#include "perfgate/gate/verdict.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate {

struct KernelComparison {
  std::string name;
  // NEW: only in the current pass (a library picked another algorithm);
  // REMOVED: only in the baseline's; otherwise the gate's verdict on the
  // kernel's per-launch samples (INCOMPARABLE on another device).
  Verdict verdict = Verdict::inconclusive;
  std::string reason;  // one line: why this verdict
  // KernelSummary::median_ns: over every launch of the pass, in ns.
  std::optional<double> baseline_median_ns;
  std::optional<double> current_median_ns;
  std::size_t baseline_samples = 0;  // per-launch samples tested
  std::size_t current_samples = 0;
  std::optional<Evidence> evidence;  // from the samples; both sides had some
  double threshold_pct = 0.0;        // the practical threshold applied, in %
  // Launches per call of the case's work: calls / TraceInfo::iterations
  // (the raw calls without trace info); 0 on the side without the kernel.
  double baseline_calls_per_iteration = 0.0;
  double current_calls_per_iteration = 0.0;
  bool calls_changed = false;  // on both sides, launched a different number of times
  // The GPU counted pass's counts of the kernel a call of the case's work
  // (one launch's counts times its launches an iteration; the occupancy, a
  // share, per launch), where both sides counted it.
  std::vector<CountChange> counts;
  bool counts_changed = false;  // one of them moved by more than kKernelCountChangePct
};

// A kernel's count that moved by more than this (in %) is a kernel change:
// counts of a kernel repeat to a few parts in a million on one device.
inline constexpr double kKernelCountChangePct = 1.0;

// Compares the kernels of a case measured on both sides: their times where
// both sides have traced kernels, their counts where both sides have counted
// ones (a kernel only counted stands with no times); empty otherwise.  `threshold_pct` is the case's own threshold (its gate
// override or the run's), widened per kernel by practical_threshold_pct().
// Benjamini-Hochberg runs across this case's kernels.  Sorted by
// report_rank(verdict), then by name.
std::vector<KernelComparison> compare_kernels(const BenchmarkResult& baseline, const BenchmarkResult& current,
                                              double threshold_pct, const GateSettings& settings);

// Launches per call of the case's work in `result`'s traced pass.
double calls_per_iteration(const KernelSummary& kernel, const BenchmarkResult& result);

// What reports list: every kernel that is not NO_CHANGE, or whose launch
// count per iteration or counts changed.
bool is_kernel_change(const KernelComparison& kernel);
std::vector<const KernelComparison*> kernel_changes(const std::vector<KernelComparison>& kernels);

}  // namespace perfgate
