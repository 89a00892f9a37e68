#pragma once
// The live gate measures until it knows (issue 30): the cases a run left
// open, its suspected regressions and its undecided slowdowns, are measured
// again in rounds, each round a look that can decide, until each is decided
// or the budget (repetitions a case, wall time) is spent.
//
// The level: the k-th look that can decide a regression is at q / 2^k
// (look_level), so all looks together spend less than q however many are
// taken and however their data overlap (Bonferroni over the looks: a false
// alarm at some look is a false alarm of that look's test, each of level
// q / 2^k).  Within a look the cases are one Benjamini-Hochberg family whose
// size is fixed before the looks (SequentialPlan::family_size): a case that
// is not in a look counts as a p-value of 1, so which cases stay cannot buy
// a laxer level: the run's whole family (tested_cases()).  docs/design.md, "Measuring until it knows", and the study's
// simulation of the level (docs/measurements.md).

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

// q / 2^look for look = 1, 2, ...
double look_level(double q, std::size_t look);

// The cases of the run's Benjamini-Hochberg family (compared, enough samples
// a side, not ignored): the family of every look.  Not the open cases alone:
// they were chosen because the run measured them slower than the baseline,
// which also chose baselines that happened to measure fast, and a family of
// those alone let A/A suites fail 1.5% of the time at q = 1% (the study,
// docs/measurements.md).
std::size_t tested_cases(const Comparison& comparison);

// A slowdown the comparison could not decide: INCONCLUSIVE with enough
// samples, measured slower than its threshold, and no change established at
// `settings.fdr_q` (the level it was judged at): not both q and the
// interval.  More repetitions can decide it either way.  Not the changes
// within the threshold (NO_CHANGE): opening those too (a change beyond half
// the threshold) cost 2.8 times the extra repetitions at 10% noise for no
// power at a slowdown of 4 noise scales (the study, docs/measurements.md).
// Nor a change established but judged against a suite-wide shift: more
// repetitions of the case cannot change that.
bool undecided_slowdown(const BenchmarkComparison& c, const GateSettings& settings);

// The cases a run leaves open: its suspected regressions (never final
// without a second measurement) and its undecided slowdowns, in report order.
std::vector<std::string> open_cases(const Comparison& comparison);

struct RemeasureBudget {
  std::size_t round_repetitions = 20;  // repetitions of each open case in a round
  std::size_t max_repetitions = 60;    // the most a case gets over all rounds
  // Wall time for the rounds: a round starts only when the time spent plus
  // the round's expected time (the last round's, scaled by the cases left)
  // stays within it.  The first round runs when its expected time is
  // unknown (the confirmation always runs) or within the budget.
  double max_seconds = 300.0;
  double first_round_seconds = -1.0;  // expected time of the first round; < 0: unknown
};

// Measures one more round of `names`, `repetitions` each, and returns them
// judged with `settings` (the look's level and family): the live gate
// judges every re-measured round so far, pooled, against the baseline; A/B
// judges both sides' rounds so far, pooled.
using MeasureRound = std::function<Comparison(const std::vector<std::string>& names, std::size_t repetitions,
                                              const GateSettings& settings)>;

// How a look's judgement stands to the run's.
enum class LookData {
  // The rounds are a measurement of their own (the live gate): a suspected
  // regression is confirmed only if they show it too; the run's samples
  // stay as measured, the rounds go beside them (BenchmarkComparison::recheck).
  remeasured_only,
  // The rounds add to the run's samples (perfgate ab, whose first look was
  // already at look_level(q, 1)): the look's judgement replaces the case's.
  pooled_with_run,
};

struct SequentialPlan {
  RemeasureBudget budget;
  LookData data = LookData::remeasured_only;
  std::size_t first_look = 1;   // the look number of the first round
  std::size_t family_size = 0;  // Benjamini-Hochberg family of every look (tested_cases(); 0: the open cases)
  double q = 0.01;              // the level all looks share
  std::function<double()> seconds_now;  // a clock (seconds); steady_clock when empty
};

struct SequentialOutcome {
  std::size_t cases = 0;        // open cases at the start
  std::size_t rounds = 0;
  std::size_t repetitions = 0;  // over every case and round
  double seconds = 0.0;
  std::size_t decided = 0;      // of the cases, decided by a look
  bool stopped_by_time = false;
  bool stopped_by_repetitions = false;
};

// Runs the rounds for `open` (names in `comparison`) and writes what the
// looks decided into the comparison's cases.
SequentialOutcome measure_until_decided(Comparison& comparison, const std::vector<std::string>& open,
                                        const MeasureRound& measure, const SequentialPlan& plan);

// One line for the run's notes: what the rounds measured and cost.
std::string sequential_note(const SequentialOutcome& outcome, const SequentialPlan& plan);

}  // namespace perfgate
