#include "bisect/bisect_search.hpp"

#include <cmath>
#include <set>

namespace perfgate::cli {

const char* to_string(Carries carries) {
  switch (carries) {
    case Carries::yes: return "yes";
    case Carries::no: return "no";
    case Carries::unclear: return "unclear";
    case Carries::untestable: return "untestable";
  }
  return "unclear";
}

Carries carries_change(const RatioEvidence& probe, double bad_ratio) {
  if (!probe.interval || !(bad_ratio > 0.0) || bad_ratio == 1.0) return Carries::unclear;
  const double midpoint = std::sqrt(bad_ratio);
  const bool slower = bad_ratio > 1.0;
  const double near_good = slower ? probe.ci_high : probe.ci_low;  // the interval's end toward the good side
  const double near_bad = slower ? probe.ci_low : probe.ci_high;
  if (slower ? near_bad > midpoint : near_bad < midpoint) return Carries::yes;
  if (slower ? near_good < midpoint : near_good > midpoint) return Carries::no;
  return Carries::unclear;
}

std::size_t most_probes(std::size_t commits) {
  std::size_t probes = 0;
  for (std::size_t width = commits > 1 ? commits - 1 : 1; width > 1; width = (width + 1) / 2) ++probes;
  return probes;
}

namespace {

// The untested index in (low, high) nearest their middle, the lower first
// on a tie; none when every one was skipped.
std::optional<std::size_t> next_index(std::size_t low, std::size_t high, const std::set<std::size_t>& skipped) {
  const std::size_t middle = low + (high - low) / 2;
  for (std::size_t step = 0; step < high - low; ++step) {
    for (const std::size_t candidate : {middle - std::min(step, middle), middle + step})
      if (candidate > low && candidate < high && !skipped.contains(candidate)) return candidate;
  }
  return std::nullopt;
}

}  // namespace

BisectSearch bisect_commits(std::size_t commits, const std::function<BisectProbe(std::size_t index)>& probe) {
  BisectSearch search;
  search.last_good = 0;
  search.first = commits - 1;
  std::set<std::size_t> skipped;
  while (search.first - search.last_good > 1) {
    const auto index = next_index(search.last_good, search.first, skipped);
    if (!index) {
      search.stopped = "every commit between could not be built";
      return search;
    }
    BisectProbe measured = probe(*index);
    measured.index = *index;
    search.probes.push_back(measured);
    switch (measured.carries) {
      case Carries::yes: search.first = *index; break;
      case Carries::no: search.last_good = *index; break;
      case Carries::untestable: skipped.insert(*index); break;
      case Carries::unclear:
        search.stopped = "the measurement of a commit between could not tell its side (" + measured.problem + ")";
        return search;
    }
  }
  search.found = true;
  return search;
}

}  // namespace perfgate::cli
