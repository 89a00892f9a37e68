#pragma once
// Two builds of one suite measured in alternating rounds on this machine
// (A B, B A, A B, ...), each side's rounds pooled, the candidate gated
// against the reference; undecided slowdowns get more alternating rounds
// until decided (sequential_remeasure.hpp).  The one code path of `perfgate
// ab` (two suite binaries) and `perfgate run --against` (two builds' ctest
// tests): they differ only in how one round of one side is measured.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/gate/gate_settings.hpp"
#include "perfgate/explain/suggest.hpp"
#include "perfgate/reports/report_files.hpp"

namespace perfgate::cli {

// One round of one side: a record-mode run of the cases `filter` selects
// (every case when empty), `repetitions` each, into the results file `file`.
struct RoundRequest {
  int round = 1;
  std::string filter;  // a --benchmark_filter regex
  int repetitions = 4;
  std::filesystem::path file;
  // Also count each case's work (the suite's counted pass,
  // --perfgate_instructions=auto): asked of each side's first round only,
  // since counting again gives the same counts; every other round is
  // asked not to count.
  bool count = false;
};

// How that round went: measured (the file holds it), every case skipped, or
// failed (`problem` says how, in one line).
struct RoundOutcome {
  enum Status { measured, all_skipped, failed } status = measured;
  std::string problem;
};

struct InterleavedSide {
  std::string name;  // "reference" or "candidate", in progress lines and messages
  std::function<RoundOutcome(const RoundRequest&)> measure;
  std::vector<Results> rounds;  // each round's results, in order
};

struct InterleavedPlan {
  int rounds = 10;                   // alternating rounds a side of the first look
  int repetitions = 2;               // repetitions a round
  int remeasure_repetitions = 0;     // the most extra repetitions a side for undecided slowdowns (0: two looks)
  double remeasure_seconds = 300.0;  // wall time for those extra looks
  GateSettings gate;
  std::string suite;                 // names both sides' suite when given
  std::string label = "ab";          // progress lines: "perfgate: <label> round 1 of 5: reference"
  bool count = false;                // count both sides' work in their first rounds (RoundRequest::count)
  std::string filter;                // the first look's --benchmark_filter regex: every case when empty
  // Per-case gate settings (a committed baseline's "gate": a threshold, an
  // ignore) given to the reference's cases: policy, whatever the reference.
  std::map<std::string, GateOverride> gate_overrides;
};

struct InterleavedOutcome {
  enum Status { compared, all_skipped, failed } status = compared;
  std::string failed_side;  // the side whose round failed
  std::string problem;      // how it failed
  Comparison comparison;    // when compared: the candidate against the reference, every round pooled
  Results reference;        // each side's rounds pooled (pool_runs: the rounds kept per case)
  Results candidate;
};

// Measures `reference` and `candidate` as the plan says, their round files
// in a temporary folder of their own (ScratchFolder).  The comparison's first look
// is at q / 2 and each further look at q / 2^k; its REGRESSIONs are
// confirmed by the rounds (confirm_by_rounds) and it carries a note of how
// it was measured.  A side that failed or skipped everything ends the
// measurement (the outcome says which); InputError when the two sides
// measure different suites or devices.
InterleavedOutcome measure_interleaved(InterleavedSide& reference, InterleavedSide& candidate, const InterleavedPlan& plan);

// <folder>/<suite>.reference.results.json: the reference side's pooled
// rounds, beside the candidate's <suite>.results.json.
std::filesystem::path reference_results_file(const std::filesystem::path& folder, const std::string& suite);

// The end of an interleaved comparison: both sides' pooled results written
// to `results_dir` first when given (the measurements are kept whatever
// happens next), then gate_stage (explain, the console table on `console`,
// the reports at `paths`).  Returns the gate's exit code.
int report_interleaved(InterleavedOutcome& outcome, const ReportPaths& paths, const std::filesystem::path& results_dir,
                       const ExplainSettings& explain, std::ostream& console);

}  // namespace perfgate::cli
