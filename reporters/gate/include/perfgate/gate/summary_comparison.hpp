#pragma once
// A pair in which a side kept only a summary of its samples (NVBench JSON
// without sample files, a Google Benchmark family that reported aggregates
// only): judged from means, standard deviations and counts, by the test and
// interval docs/design.md states ("Judging from summaries").

#include "perfgate/gate/gate_settings.hpp"
#include "perfgate/gate/sample_evidence.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate {

// Whether the pair must be judged from summaries: a measured side has no
// samples, only a summary.
bool needs_summary_comparison(const BenchmarkResult& baseline, const BenchmarkResult& current);

// A side as the reports show it: n = the summary's count, median = its mean
// (the centre the test compares), robust CV = stdev / mean.
SampleSummary summarize_summary(const SampleStatistics& summary);

struct SummaryComparison {
  SampleSummary baseline;
  SampleSummary current;
  Evidence evidence;  // ratio of means, Welch p on log times, the ratio's interval
};

// Both sides measured; a side with samples is summarized by their mean and
// standard deviation.
SummaryComparison compare_summaries(const BenchmarkResult& baseline, const BenchmarkResult& current,
                                    const GateSettings& settings);

}  // namespace perfgate
