#include "main/baseline_advice.hpp"

#include <algorithm>
#include <cstdio>

#include "perfgate/platform/report_path.hpp"
#include "perfgate/runtime/suite_info.hpp"

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

std::string promote_command(const std::filesystem::path& results, const MainOptions& options, bool in_a_report) {
  const std::string project = this_suite.source_dir ? this_suite.source_dir : "";
  const auto named = [&](const std::filesystem::path& p) { return in_a_report ? report_path(p, project) : p.string(); };
  return "perfgate baseline promote " + named(results) +
         (options.baseline_dir.empty() ? std::string() : " --baseline-dir " + named(options.baseline_dir));
}

std::string gate_advice(const std::string& suite, const std::string& slug, const std::filesystem::path& results,
                        const MainOptions& options, bool in_a_report) {
  std::string text = "record a baseline for " + slug + " with `perfgate baseline update --suite " + suite + "` on this runner";
  if (!results.empty())
    text += ", or make this run's results the baseline with `" + promote_command(results, options, in_a_report) + "`";
  return text;
}

std::string not_gated_warning(const std::string& suite, const std::string& slug, const std::optional<std::filesystem::path>& other,
                              const std::filesystem::path& results, const MainOptions& options) {
  const std::string project = this_suite.source_dir ? this_suite.source_dir : "";
  const std::string what = other ? "suite " + suite + " has no baseline for " + slug + ", only another device's (" +
                                       report_path(*other, project) + "): its cases will be INCOMPARABLE"
                                 : "suite " + suite + " has no baseline on any device: its cases will be NEW";
  return what + ", and the run NOT GATED; " + gate_advice(suite, slug, results, options, false);
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
