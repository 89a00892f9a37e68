// "counted-work": a case whose counted pass (--perfgate_instructions, in
// both the baseline and this run) executes more instructions a timed
// iteration than the baseline's did, beyond the counts' own spread.  Counts
// do not move with the machine, so this sees a change the time gate may not
// on a loaded runner (a loop whose instructions grew with no time verdict),
// and it says of a slower case whether its work grew.

#include <algorithm>
#include <cmath>
#include <string>

#include "rules.hpp"

namespace perfgate::rules {
namespace {

// The least change of a count that is reported: counts repeat exactly run to
// run (docs/measurements.md, "Counted work"), so 1% is far above their
// noise, and below it a change is rarely worth a reviewer's time.
constexpr double kCountChange = 0.01;
// A change must also stand this many times above the larger of the two
// runs' own spread of counts.
constexpr double kSpreads = 3.0;

// A count as a reviewer reads it: every digit, in groups of three
// ("65,277,552"); a median of an even number of counts may end in .5.
std::string whole_count(double value) {
  const auto whole = static_cast<long long>(std::floor(value));
  std::string digits = std::to_string(whole < 0 ? -whole : whole), grouped;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
    grouped += digits[i];
  }
  return (whole < 0 ? "-" : "") + grouped + (value - static_cast<double>(whole) >= 0.5 ? ".5" : "");
}

std::string count_change(const char* what, double old_value, double new_value) {
  std::string text = std::string(what) + " " + whole_count(old_value) + " -> " + whole_count(new_value);
  if (old_value > 0) text += " (" + signed_percent(old_value, new_value) + ")";
  return text;
}

// What else the simulation counted that moved by more than kCountChange.
std::string other_counts(const BenchmarkResult& old_b, const BenchmarkResult& new_b) {
  std::string text;
  for (const char* name : {"l1_misses", "branch_mispredicts"}) {
    const auto o = number(old_b, name), n = number(new_b, name);
    if (!o || !n || (*o > 0 && std::fabs(*n / *o - 1.0) <= kCountChange) || (*o == 0 && *n == 0)) continue;
    text += "; " + count_change(name, *o, *n);
  }
  return text;
}

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  if (!ctx.comparison || !ctx.baseline) return out;
  for (const BenchmarkComparison& bc : ctx.comparison->benchmarks) {
    const BenchmarkResult* new_b = ctx.measured(bc.name);
    const BenchmarkResult* old_b = ctx.find_baseline(bc.name);
    if (!new_b || !old_b) continue;
    const auto old_count = number(*old_b, "instructions"), new_count = number(*new_b, "instructions");
    if (!old_count || !new_count || !(*old_count > 0)) continue;
    const double ratio = *new_count / *old_count;
    const double spread = std::max(number(*old_b, "instructions_spread_pct").value_or(0.0),
                                   number(*new_b, "instructions_spread_pct").value_or(0.0)) / 100.0;
    if (ratio - 1.0 <= std::max(kCountChange, kSpreads * spread)) continue;

    Suggestion s;
    s.benchmark = bc.name;
    const bool slower = bc.verdict == Verdict::regression;
    s.priority = Priority::high;
    s.evidence = count_change("instructions", *old_count, *new_count) + " a timed iteration (callgrind; spread " +
                 format_number(spread * 100.0) + "%)" + other_counts(*old_b, *new_b) + "; the time verdict: " +
                 to_string(bc.verdict);
    s.expected_gain = {0.0, true,
                       "undone: " + format_number((1.0 - 1.0 / ratio) * 100.0) +
                           "% fewer instructions a timed iteration (the baseline's count)"};
    s.hint = std::string(slower ? "the work grew with the time: " : "the work grew though the time gate did not see it: ") +
             "a changed code path, algorithm or compiler output between the two commits; callgrind_annotate on "
             "both builds' counted passes (valgrind --tool=callgrind) names the functions that grew";
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

Rule counted_work() {
  return make_rule("counted-work", "a case executes more instructions a timed iteration than its baseline (counted pass)",
                   apply);
}

}  // namespace perfgate::rules
