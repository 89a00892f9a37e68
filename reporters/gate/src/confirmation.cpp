#include "perfgate/gate/confirmation.hpp"

#include "perfgate/gate/sequential_remeasure.hpp"

namespace perfgate {

Results cases_named(const Results& results, const std::vector<std::string>& names) {
  Results subset = results;
  subset.benchmarks.clear();
  for (const auto& name : names)
    if (const BenchmarkResult* b = results.find(name)) subset.benchmarks.push_back(*b);
  return subset;
}

std::vector<std::string> suspected_regressions(const Comparison& comparison) {
  std::vector<std::string> names;
  for (const auto& b : comparison.benchmarks)
    if (b.verdict == Verdict::regression && b.time_decides()) names.push_back(b.name);
  return names;
}

void apply_recheck(Comparison& comparison, const Results& baseline, const Results& recheck) {
  const std::vector<std::string> suspects = suspected_regressions(comparison);
  if (suspects.empty()) return;
  // One look of the sequential re-measurement: one code path decides every
  // look.  The suspects are judged against the run's shift, not one found
  // among the suspects alone (a few real regressions of similar size would
  // look like one).
  const auto judge = [&](const std::vector<std::string>& names, std::size_t, const GateSettings& settings) {
    return compare_results(cases_named(baseline, names), cases_named(recheck, names), settings,
                           comparison.run_spread_history ? &*comparison.run_spread_history : nullptr,
                           &comparison.environment_shift);
  };
  SequentialPlan plan;
  plan.q = comparison.settings.fdr_q;
  plan.family_size = tested_cases(comparison);
  plan.budget.round_repetitions = plan.budget.max_repetitions = 1;
  measure_until_decided(comparison, suspects, judge, plan);
}

void mark_unconfirmable(Comparison& comparison, const std::string& why) {
  for (auto& b : comparison.benchmarks) {
    if (b.verdict != Verdict::regression || !b.time_decides()) continue;
    b.confirmation = Confirmation::unavailable;
    b.reason += "; not re-measured (" + why + ")";
  }
}

void confirm_by_rounds(Comparison& comparison, const std::string& how) {
  for (auto& b : comparison.benchmarks) {
    if (b.verdict != Verdict::regression || !b.time_decides()) continue;
    b.confirmation = Confirmation::confirmed;
    b.reason += "; " + how;
  }
}

}  // namespace perfgate
