// "counted-work": a case whose counted pass (--perfgate_instructions, in
// both the baseline and this run) executes more instructions a timed
// iteration than the baseline's did (a host case's under callgrind, a GPU
// case's kernels' through CUPTI): the gate's count REGRESSION (beyond the
// count threshold and three times the counts' own spread).  Counts
// do not move with the machine, so this sees a change the time gate may not
// on a loaded runner (a loop whose instructions grew with no time verdict),
// and it says of a slower case whether its work grew.

#include <algorithm>
#include <cmath>
#include <string>

#include "perfgate/gate/kernel_comparison.hpp"
#include "perfgate/model/counter_names.hpp"
#include "rules.hpp"

namespace perfgate::rules {
namespace {

// Another count is named beside the instructions when it moved by more
// than this: a change of misses is the likeliest cause of a time change.
constexpr double kOtherCountChange = 0.01;

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

// What else the simulation counted that moved by more than kOtherCountChange.
std::string other_counts(const CountComparison& k) {
  std::string text;
  for (const CountChange& c : k.others) {
    if ((c.baseline > 0 && std::fabs(c.current / c.baseline - 1.0) <= kOtherCountChange) || c.current == c.baseline) continue;
    text += "; " + count_change(c.name.c_str(), c.baseline, c.current);
  }
  return text;
}

bool counted_by_cupti(const CountComparison& k) { return k.instructions.name == counter::kKernelInstructions; }

// Where the counts came from, and how to see what grew.
std::string counting_hint(const CountComparison& k, const BenchmarkComparison& bc) {
  if (!counted_by_cupti(k))
    return "a changed code path, algorithm or compiler output between the two commits; callgrind_annotate on "
           "both builds' counted passes (valgrind --tool=callgrind) names the functions that grew";
  std::string kernels;
  for (const KernelComparison& kernel : bc.kernels)
    for (const CountChange& c : kernel.counts)
      if (c.name == counter::kKernelInstructions && std::fabs(c.change_pct()) > kKernelCountChangePct)
        kernels += (kernels.empty() ? "" : ", ") + kernel.name + " " + signed_percent(c.baseline, c.current);
  return "a changed kernel, launch configuration or library algorithm between the two commits" +
         (kernels.empty() ? std::string() : " (kernels' instructions a call of the case: " + kernels + ")") +
         "; ncu --section InstructionStats on both builds shows which instructions grew";
}

// The gate judged the case's counted instructions (count_comparison.hpp):
// a count REGRESSION is said here, whichever measure made the verdict.
std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  if (!ctx.comparison) return out;
  for (const BenchmarkComparison& bc : ctx.comparison->benchmarks) {
    if (!bc.counts || bc.counts->verdict != Verdict::regression) continue;
    const CountComparison& k = *bc.counts;
    const Verdict time_verdict = k.time_verdict.value_or(bc.verdict);
    Suggestion s;
    s.benchmark = bc.name;
    s.priority = Priority::high;
    s.evidence = count_change(count_label(k.instructions.name).c_str(), k.instructions.baseline, k.instructions.current) +
                 " a timed iteration (" + (counted_by_cupti(k) ? "CUPTI" : "callgrind") + "; spread " + format_number(k.spread_pct) + "%, count threshold " +
                 format_number(k.threshold_pct) + "%)" + other_counts(k) + "; the time verdict: " + to_string(time_verdict) +
                 (k.decided ? "; the case failed on its counts (gate measure " + std::string(to_string(bc.measure)) + ")"
                            : "; counts are reported, not gated (gate measure time)");
    s.expected_gain = {0.0, true,
                       "undone: " +
                           format_number((1.0 - k.instructions.baseline / k.instructions.current) * 100.0) +
                           "% fewer " + count_label(k.instructions.name) + " a timed iteration (the baseline's count)"};
    s.hint = std::string(time_verdict == Verdict::regression ? "the work grew with the time: "
                                                             : "the work grew though the time gate did not see it: ") +
             counting_hint(k, bc);
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
