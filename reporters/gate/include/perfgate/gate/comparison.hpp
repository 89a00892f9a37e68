#pragma once
// The comparison of one run against its baseline: a verdict and its numbers
// for every benchmark.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/gate/count_comparison.hpp"
#include "perfgate/gate/gate_settings.hpp"
#include "perfgate/gate/kernel_comparison.hpp"
#include "perfgate/gate/reference.hpp"
#include "perfgate/gate/run_spread_history.hpp"
#include "perfgate/gate/sample_evidence.hpp"
#include "perfgate/gate/verdict.hpp"
#include "perfgate/model/derived_figure.hpp"
#include "perfgate/model/results.hpp"
#include "perfgate/model/suggestion.hpp"

namespace perfgate {

enum class Confirmation {
  not_needed,      // not a suspected regression
  confirmed,       // re-measured and still a regression
  not_reproduced,  // re-measured and no longer a regression
  unavailable,     // could not be re-measured (offline comparison, failure)
};
const char* to_string(Confirmation confirmation);

// A case measured again in rounds after the run (sequential_remeasure.hpp).
struct Remeasurement {
  std::size_t rounds = 0;       // rounds it was measured in
  std::size_t repetitions = 0;  // its repetitions over those rounds (a side, for perfgate ab)
  double level = 0.0;           // the level of its last look: q / 2^k
};

// A slowdown too thinly measured to judge that stands out from the suite's
// other changes (suspect_change.hpp).
struct SuspectChange {
  double change_pct = 0.0;        // the case's change
  double suite_median_pct = 0.0;  // the suite's median change
  double suite_spread_pct = 0.0;  // the robust spread of the suite's changes
  double spreads = 0.0;           // (log change - median) / spread, on the log scale
};

struct BenchmarkComparison {
  std::string name;
  Verdict verdict = Verdict::inconclusive;
  std::string reason;  // one line: why this verdict
  std::optional<SampleSummary> baseline;
  std::optional<SampleSummary> current;
  std::optional<Evidence> evidence;
  double threshold_pct = 0.0;     // the practical threshold applied, in %
  bool ignored = false;           // gate.ignore: reported, never gated
  // True exactly when the verdict is SKIPPED; the comparison JSON keeps its
  // "skipped" flag for readers of files written before SKIPPED existed
  // (ERROR with "skipped": true).  Writers go by the verdict.
  bool skipped = false;
  double measured_seconds = 0.0;  // time spent in timed iterations
  // Judged from summaries (a side kept no samples): baseline/current
  // "median" are then means, and the p-value is Welch's on log times.
  bool from_summaries = false;
  Confirmation confirmation = Confirmation::not_needed;
  std::optional<SampleSummary> recheck;       // the re-measurement
  std::optional<Evidence> recheck_evidence;
  std::optional<Remeasurement> remeasured;  // measured again in rounds, until decided or out of budget
  // The case's kernels against the baseline's, when both sides were traced
  // (compare_kernels): they explain the verdict and never change it.
  std::vector<KernelComparison> kernels;
  // The current run's traced pass, when there was one.
  std::vector<CopySummary> copies;
  std::optional<TraceInfo> trace;
  std::optional<SuspectChange> suspect;  // INCONCLUSIVE for want of samples, yet standing out
  // The smallest slowdown this comparison could have failed
  // (detectable_slowdown.hpp), in %; none without an interval.
  std::optional<double> detectable_pct;
  // What the case is judged by (the baseline's gate.measure, else the run's)
  // and, where both sides were counted, its counted instructions.
  GateMeasure measure = GateMeasure::both;
  std::optional<CountComparison> counts;

  // True unless the counts made the verdict: only then can measuring the
  // case's time again (confirmation, re-measurement) change it.
  bool time_decides() const { return !counts || !counts->decided; }
};

// Most benchmarks moving the same way by a similar ratio: a different
// machine state, not different code.
struct EnvironmentShift {
  bool slower = true;
  double median_ratio = 1.0;
  double spread_pct = 0.0;  // robust spread of the ratios, in %
  std::size_t moved = 0;    // benchmarks that moved that way beyond threshold_pct
  std::size_t compared = 0;
};

struct RunInfo {
  std::string origin;  // file or "this run"
  std::string created_utc;
  std::string git_commit;
  Fingerprint device;
};

struct Comparison {
  std::string suite;
  // What the run was judged against (reference.hpp): the front end names it.
  // `baseline` below is that reference's run (its results' origin, commit and
  // device).
  Reference reference;
  // The perfgate that judged (compare_results sets this one's version(); a
  // comparison read back keeps its file's, empty when the file has none), so
  // a report made again from an old comparison names the version that made it.
  std::string perfgate_version;
  RunInfo baseline;
  RunInfo current;
  bool comparable = true;
  std::string incomparable_reason;
  GateSettings settings;
  std::vector<BenchmarkComparison> benchmarks;
  std::optional<EnvironmentShift> environment_shift;
  std::vector<std::string> notes;  // run-level remarks for every report
  std::vector<DerivedFigure> figures;  // the current run's derived figures
  // Advice from the explain stage (reporters/explain), in report order; empty
  // until it runs.
  std::vector<Suggestion> suggestions;
  // No benchmark is on both sides (no baseline, another suite's baseline, an
  // empty file, a filter that matched nothing): nothing was gated, NOT GATED
  // and never a pass (gate_status.hpp).  nothing_compared_problem() says it
  // in one line, naming both files.
  bool nothing_compared = false;
  // The run history the cases' run-to-run spreads came from, when one was
  // given (the re-measurement uses it again).
  std::optional<RunSpreadHistory> run_spread_history;
  // What makes this suite gated when nothing was (gate_status.hpp): the
  // command only the front end knows ("record a baseline for this device:
  // `perfgate baseline update --suite gemm`"); empty for none.
  std::string gate_advice;

  std::map<Verdict, std::size_t> verdict_counts() const;
  const BenchmarkComparison* find(const std::string& name) const;
};

// "nothing to gate: no benchmark of CURRENT is in BASE (N new, M removed)",
// naming both origins; empty unless nothing_compared.
std::string nothing_compared_problem(const Comparison& comparison);

// Compares `current` with `baseline` as docs/design.md (The gate) describes.
// With a `history`, a case it knows takes its run-to-run spread from there
// (case_settings()); a note says for how many cases.  A whole-suite speed
// change is detected and the cases are judged against it
// (environment_shift.hpp); `run_shift`, when given, is the shift of the run
// this comparison is a part of (a re-measurement of its suspects), used
// instead of detecting one among the part.
Comparison compare_results(const Results& baseline, const Results& current,
                           const GateSettings& settings = {}, const RunSpreadHistory* history = nullptr,
                           const std::optional<EnvironmentShift>* run_shift = nullptr);

}  // namespace perfgate
