#include "main/baseline_advice.hpp"

#include <algorithm>
#include <cstdio>

namespace perfgate {
namespace {

// Three rounds give two differences: the fewest that say anything of the spread.
constexpr std::size_t kRoundsThatKnowTheDrift = 3;

// The fewest rounds of any case the gate will judge from samples: the
// weakest spread estimate decides whether the gate is likely to be noisy.
std::optional<std::size_t> fewest_rounds(const Results& baseline) {
  std::optional<std::size_t> fewest;
  for (const BenchmarkResult& b : baseline.benchmarks) {
    if (b.skipped || b.error || b.samples.empty()) continue;
    const std::size_t rounds = std::max<std::size_t>(b.rounds.size(), 1);
    fewest = fewest ? std::min(*fewest, rounds) : rounds;
  }
  return fewest;
}

std::string percent(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g%%", value);
  return text;
}

}  // namespace

std::string promote_command(const std::filesystem::path& results, const MainOptions& options) {
  return "perfgate baseline promote " + results.string() +
         (options.baseline_dir.empty() ? std::string() : " --baseline-dir " + options.baseline_dir.string());
}

std::string no_baseline_problem(const std::filesystem::path& baseline_file, const std::string& suite,
                                const std::filesystem::path& results, const MainOptions& options) {
  std::string text = baseline_file.string() + ": no such baseline (nor one for another device); record one with "
                     "`perfgate baseline update --suite " + suite + "`";
  if (!results.empty()) text += " or make this run's results the baseline with `" + promote_command(results, options) + "`";
  return text;
}

std::optional<std::string> few_rounds_warning(const Results& baseline, const std::filesystem::path& file,
                                              const MainOptions& options) {
  if (!options.history.empty()) return std::nullopt;  // the history's spreads stand in
  const std::optional<std::size_t> rounds = fewest_rounds(baseline);
  if (!rounds || *rounds >= kRoundsThatKnowTheDrift) return std::nullopt;
  const std::string what = *rounds == 1 ? "was recorded in one run: it has no run-to-run spread"
                                        : "was recorded in 2 runs: its run-to-run spread comes from one difference";
  return file.string() + " " + what + ", so the gate assumes at least " + percent(options.gate.min_run_spread_pct) +
         " (--perfgate_min_run_spread) and the first gates on a machine that drifts more between runs may flag "
         "unchanged code; add rounds with `perfgate baseline update --suite " + baseline.suite +
         " --append` (one more each time), or record with --rounds 5";
}

}  // namespace perfgate
