#include "perfgate/compare/confirmation.hpp"

#include <cstdio>

namespace perfgate {
namespace {

Results only(const Results& results, const std::vector<std::string>& names) {
  Results subset = results;
  subset.benchmarks.clear();
  for (const auto& name : names)
    if (const BenchmarkResult* b = results.find(name)) subset.benchmarks.push_back(*b);
  return subset;
}

std::string describe(const BenchmarkComparison& again) {
  if (!again.evidence) return again.reason;
  char text[160];
  std::snprintf(text, sizeof text, "re-measured %+.2f%% (q = %.2g): %s", (again.evidence->ratio - 1.0) * 100.0,
                again.evidence->q_value, again.reason.c_str());
  return text;
}

}  // namespace

std::vector<std::string> suspected_regressions(const Comparison& comparison) {
  std::vector<std::string> names;
  for (const auto& b : comparison.benchmarks)
    if (b.verdict == Verdict::regression) names.push_back(b.name);
  return names;
}

void apply_recheck(Comparison& comparison, const Results& baseline, const Results& recheck) {
  const std::vector<std::string> suspects = suspected_regressions(comparison);
  if (suspects.empty()) return;
  // One code path decides both times; the family for Benjamini-Hochberg is
  // now the suspects alone.
  // ...and the run's shift, not one found among the suspects alone (a few
  // real regressions of similar size would look like one).
  const Comparison again = compare_results(only(baseline, suspects), only(recheck, suspects), comparison.settings,
                                         comparison.run_spread_history ? &*comparison.run_spread_history : nullptr,
                                         &comparison.environment_shift);
  for (auto& b : comparison.benchmarks) {
    if (b.verdict != Verdict::regression) continue;
    const BenchmarkComparison* second = again.find(b.name);
    if (!second || !second->evidence) {  // not re-measured: failed, skipped or missing
      b.confirmation = Confirmation::unavailable;
      b.reason += "; re-measurement failed" + (second ? ": " + second->reason : std::string());
      continue;
    }
    b.recheck = second->current;
    b.recheck_evidence = second->evidence;
    if (second->verdict == Verdict::regression) {
      b.confirmation = Confirmation::confirmed;
      b.reason += "; confirmed, " + describe(*second);
    } else {
      b.confirmation = Confirmation::not_reproduced;
      b.verdict = Verdict::inconclusive;
      b.reason = "suspected regression not reproduced: " + describe(*second);
    }
  }
}

void mark_unconfirmable(Comparison& comparison, const std::string& why) {
  for (auto& b : comparison.benchmarks) {
    if (b.verdict != Verdict::regression) continue;
    b.confirmation = Confirmation::unavailable;
    b.reason += "; not re-measured (" + why + ")";
  }
}

}  // namespace perfgate
