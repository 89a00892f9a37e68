#pragma once
// The results model: what one run of a suite measured.  A baseline is a
// results file that was promoted, so this one model serves both.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "perfgate/model/derived_figure.hpp"
#include "perfgate/model/fingerprint.hpp"
#include "perfgate/model/gate_measure.hpp"

namespace perfgate {

inline constexpr const char* kResultsSchema = "perfgate/results";
inline constexpr int kResultsSchemaVersion = 1;

// Google Benchmark 1.7.1 can only fail a case (SkipWithError).  A case that
// cannot run here, rather than one that broke, fails with a message that
// starts with this prefix, and is recorded as skipped.
inline constexpr std::string_view kSkipPrefix = "SKIPPED: ";

// A counter is a number (TFLOP/s, GB/s) or a label (bound = "memory").
using CounterValue = std::variant<double, std::string>;

// Per-benchmark gate settings stored in a baseline; they survive refreshes.
struct GateOverride {
  std::optional<double> threshold_pct;
  bool ignore = false;
  std::optional<std::string> reason;  // why the override exists, for reviewers
  // What the case is judged by (gate_measure.hpp) and the least change of
  // its counted instructions that fails it, in %; the run's where unset.
  std::optional<GateMeasure> measure;
  std::optional<double> count_threshold_pct;

  bool empty() const { return !threshold_pct && !ignore && !reason && !measure && !count_threshold_pct; }
};

// One kernel of a case's traced pass (--perfgate_trace; empty otherwise).
struct KernelSummary {
  std::string name;               // demangled
  std::int64_t calls = 0;         // launches in the traced pass (TraceInfo::iterations calls of the case)
  double median_ns = 0.0;         // median duration of one launch
  // Durations of single launches in ns, at most kMaxKernelSamples of them,
  // evenly spread over the pass: the per-kernel comparison tests them as
  // the gate tests a case's samples.
  std::vector<double> samples_ns;
};
inline constexpr std::size_t kMaxKernelSamples = 100;

// Copies (or memsets) of one direction in a case's traced pass.
struct CopySummary {
  std::string direction;  // "HtoD", "DtoH", "DtoD", "HtoH", "PtoP", "memset"
  std::int64_t count = 0;
  std::int64_t bytes = 0;
};

// One kernel of a case's GPU counted pass (--perfgate_instructions):
// CUPTI's counts of one launch (the mean over the pass's launches of it),
// by counter name (counter_names.hpp: kernel_instructions, ...).
struct KernelCounts {
  std::string name;                     // demangled, as KernelSummary's
  double launches_per_iteration = 0.0;  // launches / calls of the case's work in the pass
  std::map<std::string, double> counts;
};

// Where a case's traced pass went and how much it saw.
struct TraceInfo {
  std::string path;                 // the Chrome trace-event JSON (Perfetto)
  std::int64_t iterations = 0;      // calls of the case's work in the traced pass
  std::int64_t dropped_records = 0; // CUPTI records lost (buffers full)
};

// What a benchmark's samples were when only their summary is known: NVBench
// JSON without its --jsonbin sample files, or a Google Benchmark family that
// reported aggregates only.  The gate then judges from these numbers
// (docs/design.md, "Judging from summaries").  Times in seconds.
struct SampleStatistics {
  std::size_t count = 0;           // samples the summary was made of
  double mean = 0.0;
  double stdev = 0.0;              // sample standard deviation (n - 1)
  std::optional<double> median;    // when the producer wrote them
  std::optional<double> min;
  std::optional<double> max;
};

struct BenchmarkResult {
  std::string name;
  std::string unit = "s";
  // Per-repetition time per iteration, in seconds: every valid repetition.
  std::vector<double> samples;
  // Set only when `samples` is empty because the producer kept only a
  // summary of them (see SampleStatistics).
  std::optional<SampleStatistics> summary;
  // How many of the samples each separate run (process) contributed, in
  // order, when several runs were pooled (a baseline refresh); empty for one
  // run.  The gate reads from it how far the machine itself moves between
  // runs.
  std::vector<std::size_t> rounds;
  int throttled_samples = 0;      // repetitions left out because clocks throttled
  std::int64_t iterations = 0;    // iterations per repetition
  std::map<std::string, CounterValue> counters;
  // From the traced pass (--perfgate_trace), when there was one.
  std::vector<KernelSummary> kernels;
  std::vector<CopySummary> copies;
  std::optional<TraceInfo> trace;
  // From the GPU counted pass, when there was one.
  std::vector<KernelCounts> kernel_counts;
  GateOverride gate;
  // Set when the case did not produce samples in this run.
  std::optional<std::string> error;    // it failed
  std::optional<std::string> skipped;  // it could not run here (no device, ...)

  bool measured() const { return !error && !skipped; }
  // The median of each round's samples (one value for a single run).
  std::vector<double> round_medians() const;
};

// Why `stats` cannot summarize any samples ("'min' is above 'max'", "'mean'
// is below 'min'", ...), or nullopt: one rule for every reader of a summary
// (the results loader, the NVBench importer), so what one accepts the other
// reads back.
std::optional<std::string> summary_problem(const SampleStatistics& stats);

// The counter `name` of `b` where it is a finite number; nullopt for a label,
// a counter `b` lacks, or a NaN or infinity.
std::optional<double> counter_number(const BenchmarkResult& b, const std::string& name);

// The names of the cases that produced samples, in order: what a later pass
// (traced, counted) runs again.
std::vector<std::string> measured_names(const std::vector<BenchmarkResult>& results);

// Gives `to` what the traced pass found for `from`'s case: kernels, copies
// and trace info.
void copy_traced_pass(const BenchmarkResult& from, BenchmarkResult& to);

// Gives `to` what the GPU counted pass found for `from`'s case: its kernels'
// counts and the case's kernel_* counters.
void copy_counted_kernels(const BenchmarkResult& from, BenchmarkResult& to);

struct Source {
  std::string git_commit;
  bool git_dirty = false;
  std::string command;
  std::string perfgate_version;
};

struct Results {
  int schema_version = kResultsSchemaVersion;
  std::string suite;
  std::string created_utc;
  Source source;
  Fingerprint fingerprint;
  std::vector<BenchmarkResult> benchmarks;
  // Numbers derived from several cases' medians (optional in the schema).
  std::vector<DerivedFigure> figures;
  // Where it was read from, as messages name it (load_results' file,
  // "<stdin>"); empty for a run measured in this process.  Not written.
  std::string origin;

  const BenchmarkResult* find(const std::string& name) const;
};

// "2026-11-22T10:00:00Z" for now.
std::string utc_timestamp_now();

}  // namespace perfgate
