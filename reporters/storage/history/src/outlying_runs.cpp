#include "perfgate/history/outlying_runs.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "perfgate/stats/summary.hpp"

namespace perfgate::history {
namespace {

// Each case's median in each round (rounds without the case, or whose
// case kept no samples, have none): the values the ratios compare.
using Values = std::vector<std::optional<double>>;
using CaseMedians = std::map<std::string, Values>;

CaseMedians case_medians(const std::vector<Results>& rounds) {
  CaseMedians medians;
  for (std::size_t r = 0; r < rounds.size(); ++r)
    for (const BenchmarkResult& b : rounds[r].benchmarks) {
      if (b.samples.empty()) continue;
      Values& values = medians[b.name];
      values.resize(rounds.size());
      values[r] = stats::median(b.samples);
    }
  return medians;
}

bool present(const Values& values, std::size_t r) { return r < values.size() && values[r] && *values[r] > 0.0; }

// values[r] / the median of the other pooled values; none when round r has
// no value or no other pooled round has one.
std::optional<double> ratio_to_others(const Values& values, std::size_t r, const std::vector<bool>& pooled) {
  if (!present(values, r)) return std::nullopt;
  std::vector<double> others;
  for (std::size_t o = 0; o < values.size(); ++o)
    if (o != r && pooled[o] && present(values, o)) others.push_back(*values[o]);
  if (others.empty()) return std::nullopt;
  return *values[r] / stats::median(others);
}

// The pooled index whose ratio (from ratio_of) is furthest beyond the
// bound, with that ratio; none when every ratio is inside.
template <typename RatioOf>
std::optional<std::pair<std::size_t, double>> furthest_outlying(const std::vector<bool>& pooled, const RatioOf& ratio_of) {
  std::optional<std::pair<std::size_t, double>> furthest;
  for (std::size_t r = 0; r < pooled.size(); ++r) {
    if (!pooled[r]) continue;
    const std::optional<double> ratio = ratio_of(r);
    if (!ratio || !outlying_ratio(*ratio)) continue;
    if (!furthest || std::abs(std::log(*ratio)) > std::abs(std::log(furthest->second))) furthest = {{r, *ratio}};
  }
  return furthest;
}

}  // namespace

bool outlying_ratio(double ratio) { return !(ratio <= kOutlyingRatio && ratio >= 1.0 / kOutlyingRatio); }

std::vector<RunLeftOut> outlying_rounds(const std::vector<Results>& rounds) {
  const CaseMedians medians = case_medians(rounds);
  std::vector<bool> pooled(rounds.size(), true);
  const auto suite_ratio = [&](std::size_t r) -> std::optional<double> {
    std::vector<double> per_case;
    for (const auto& [name, values] : medians)
      if (const auto ratio = ratio_to_others(values, r, pooled)) per_case.push_back(*ratio);
    if (per_case.empty()) return std::nullopt;
    return stats::median(per_case);
  };
  std::vector<RunLeftOut> left_out;
  while (const auto furthest = furthest_outlying(pooled, suite_ratio)) {
    pooled[furthest->first] = false;
    left_out.push_back({furthest->first, furthest->second});
  }
  return left_out;
}

std::vector<CaseLeftOut> cap_case_values(std::vector<Results>& rounds) {
  std::vector<CaseLeftOut> left_out;
  for (const auto& case_values : case_medians(rounds)) {
    // Named, not bound: clang cannot capture a structured binding in a lambda.
    const auto& name = case_values.first;
    const auto& values = case_values.second;
    std::vector<bool> pooled(rounds.size());
    std::size_t count = 0;
    for (std::size_t r = 0; r < rounds.size(); ++r) count += (pooled[r] = present(values, r)) ? 1 : 0;
    const auto ratio_of = [&](std::size_t r) { return ratio_to_others(values, r, pooled); };
    std::vector<CaseLeftOut> beyond;
    std::optional<std::pair<std::size_t, double>> furthest;
    while ((furthest = furthest_outlying(pooled, ratio_of)) && 2 * (count - beyond.size() - 1) > count) {
      pooled[furthest->first] = false;
      beyond.push_back({furthest->first, name, furthest->second});
    }
    // Only a majority of agreeing values makes the others outlying: when
    // the values left would still disagree, none is left out.
    if (!furthest) left_out.insert(left_out.end(), beyond.begin(), beyond.end());
  }
  for (const CaseLeftOut& c : left_out) {
    auto& cases = rounds[c.round].benchmarks;
    cases.erase(std::remove_if(cases.begin(), cases.end(), [&](const BenchmarkResult& b) { return b.name == c.benchmark; }),
                cases.end());
  }
  std::stable_sort(left_out.begin(), left_out.end(), [](const CaseLeftOut& a, const CaseLeftOut& b) { return a.round < b.round; });
  return left_out;
}

}  // namespace perfgate::history
