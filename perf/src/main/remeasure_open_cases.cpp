#include "main/remeasure_open_cases.hpp"

#include <algorithm>
#include <iostream>

#include "main/remeasure_budget.hpp"
#include "main/remeasure_round.hpp"
#include "perfgate/baselines/baseline_refresh.hpp"
#include "perfgate/gate/confirmation.hpp"
#include "perfgate/gate/sequential_remeasure.hpp"
#include "perfgate/model/benchmark_name.hpp"

namespace perfgate {

void remeasure_open_cases(Comparison& comparison, const Results& baseline, const Results& current,
                          const std::vector<std::string>& args, const MainOptions& options) {
  const std::vector<std::string> open = open_cases(comparison);
  if (open.empty()) return;
  if (!options.confirm) return mark_unconfirmable(comparison, "confirmation switched off");
  std::vector<Results> rounds;
  RoundTrouble trouble;  // cases failed in a round, rounds killed at their deadline (remeasure_round.hpp)
  const auto measure_round = [&](const std::vector<std::string>& names, std::size_t repetitions, const GateSettings& settings) {
    std::cerr << "perfgate: re-measuring " << names.size() << " open case(s) with " << repetitions
              << " repetitions (round " << rounds.size() + 1 << ")\n";
    std::vector<std::string> round_args = args;
    round_args.push_back("--benchmark_filter=" + benchmark_filter_for(names));
    round_args.push_back("--benchmark_out=");  // keep the user's --benchmark_out file from the full run
    const std::size_t each = std::max<std::size_t>(repetitions, 2);
    round_args.push_back("--benchmark_repetitions=" + std::to_string(each));
    Results round = current;
    round.benchmarks = run_round(round_args, names, rounds.size() + 1,
                                 round_deadline_seconds(current, names, each, options.round_deadline_floor), trouble);
    rounds.push_back(std::move(round));
    return compare_results(cases_named(baseline, names), cases_named(pool_runs(rounds), names), settings,
                           comparison.run_spread_history ? &*comparison.run_spread_history : nullptr,
                           &comparison.environment_shift);
  };
  SequentialPlan plan;
  plan.budget = remeasure_budget(options);
  plan.q = comparison.settings.fdr_q;
  plan.family_size = tested_cases(comparison);
  const SequentialOutcome outcome = measure_until_decided(comparison, open, measure_round, plan);
  comparison.notes.push_back(sequential_note(outcome, plan));
  apply_round_trouble(comparison, trouble);
}

}  // namespace perfgate
