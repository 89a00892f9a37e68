#include "baseline_update_estimate.hpp"

#include <cmath>
#include <memory>

#include "perfgate/history/name_pattern.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate::cli {
namespace {

// The baseline recorded last among the suite's devices (ISO dates sort as text).
std::optional<std::pair<std::string, Results>> newest_baseline(const BaselineStore& store, const std::string& suite) {
  std::optional<std::pair<std::string, Results>> newest;
  for (const std::string& slug : store.devices_with(suite)) {
    try {
      std::optional<Results> baseline = store.load(suite, slug);
      if (baseline && (!newest || baseline->created_utc > newest->second.created_utc))
        newest = std::make_pair(slug, std::move(*baseline));
    } catch (const InputError&) {
      // A baseline the update cannot read is reported when it is replaced, not here.
    }
  }
  return newest;
}

std::string whole_seconds(double seconds) { return std::to_string(static_cast<long long>(std::llround(seconds))) + " s"; }

}  // namespace

std::optional<UpdateEstimate> estimate_update(const BaselineStore& store, const std::string& suite,
                                              const std::string& filter, int repetitions, int rounds) {
  std::unique_ptr<history::NamePattern> pattern;
  try {
    pattern = std::make_unique<history::NamePattern>(filter);
  } catch (const InputError&) {
    return std::nullopt;  // the suite will say what is wrong with it
  }
  const auto newest = newest_baseline(store, suite);
  if (!newest) return std::nullopt;
  UpdateEstimate estimate{0.0, 0, newest->first, newest->second.created_utc};
  for (const BenchmarkResult& b : newest->second.benchmarks) {
    if (!b.measured() || b.samples.empty() || b.iterations <= 0 || !pattern->found_in(b.name)) continue;
    estimate.timed_s += static_cast<double>(b.iterations) * stats::median(b.samples);
    ++estimate.cases;
  }
  if (estimate.cases == 0) return std::nullopt;
  estimate.timed_s *= static_cast<double>(repetitions) * rounds;
  return estimate;
}

std::string estimate_line(const std::string& suite, const std::optional<UpdateEstimate>& estimate, int repetitions,
                          int rounds) {
  std::string line = "perfgate: " + suite + ": " + std::to_string(rounds) + " round(s) of " + std::to_string(repetitions) +
                     " repetitions";
  if (!estimate)
    return line + ": no estimate (no baseline of it to read one from); each round's time is shown as it ends";
  return line + " of " + std::to_string(estimate->cases) + " case(s): at least " + whole_seconds(estimate->timed_s) +
         " of timed work (its baseline of " + estimate->slug + ", " + estimate->created_utc +
         ": iterations x median time a repetition), plus each case's set-up and Google Benchmark's choice of "
         "iterations";
}

std::string round_line(const std::string& suite, int round, int rounds, double round_s) {
  std::string line = "perfgate: " + suite + ": round " + std::to_string(round) + " of " + std::to_string(rounds) +
                     " took " + format_seconds(round_s);
  if (round < rounds) line += "; about " + whole_seconds(round_s * (rounds - round)) + " to go at that pace";
  return line;
}

}  // namespace perfgate::cli
