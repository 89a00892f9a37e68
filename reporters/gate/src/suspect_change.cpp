#include "perfgate/gate/suspect_change.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "perfgate/gate/sample_evidence.hpp"
#include "perfgate/platform/shell_command.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate {
namespace {

// The log change of a case measured on both sides, when it has one.
std::optional<double> log_change(const BenchmarkComparison& c) {
  if (!c.baseline || !c.current || c.ignored || c.verdict == Verdict::incomparable) return std::nullopt;
  if (!(c.baseline->median > 0.0) || !(c.current->median > 0.0)) return std::nullopt;
  const double change = std::log(c.current->median / c.baseline->median);
  return std::isfinite(change) ? std::optional<double>(change) : std::nullopt;
}

bool too_thin_to_judge(const BenchmarkComparison& c, const GateSettings& settings) {
  return c.verdict == Verdict::inconclusive && c.baseline && c.current && !enough_samples(*c.baseline, *c.current, settings);
}

std::string signed_pct(double pct) { return format_percent(pct, 1); }

// '^(A|B)$' for Google Benchmark's --benchmark_filter, each name's regex
// characters escaped (shell_command quotes it for the shell).
std::string filter_of(const std::vector<std::string>& names) {
  std::string regex = "^(";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) regex += '|';
    for (const char ch : names[i]) {
      if (std::strchr(".^$|()[]{}*+?\\", ch) != nullptr) regex += '\\';
      regex += ch;
    }
  }
  return regex + ")$";
}

}  // namespace

void mark_suspect_changes(std::vector<BenchmarkComparison>& benchmarks, const GateSettings& settings) {
  std::vector<double> changes;
  for (const BenchmarkComparison& c : benchmarks)
    if (const auto change = log_change(c)) changes.push_back(*change);
  if (changes.size() < kMinCasesForSuiteSpread) return;
  const double centre = stats::median(changes);
  const double spread =
      std::max(1.4826 * stats::median_absolute_deviation(changes), std::log1p(settings.min_run_spread_pct / 100.0));
  if (!(spread > 0.0)) return;
  for (BenchmarkComparison& c : benchmarks) {
    const auto change = log_change(c);
    if (!change || !too_thin_to_judge(c, settings)) continue;
    const double spreads = (*change - centre) / spread;
    const double change_pct = std::expm1(*change) * 100.0;
    if (spreads <= kSuspectSpreads || change_pct <= c.threshold_pct) continue;
    c.suspect = SuspectChange{change_pct, std::expm1(centre) * 100.0, std::expm1(spread) * 100.0, spreads};
    char text[200];
    std::snprintf(text, sizeof text, "; SUSPECT: %s is %.1f spreads above the suite's median change (%s, robust spread %.1f%%)",
                  signed_pct(change_pct).c_str(), spreads, signed_pct(c.suspect->suite_median_pct).c_str(),
                  c.suspect->suite_spread_pct);
    c.reason += text;
  }
}

std::optional<std::string> suspect_note(const std::vector<BenchmarkComparison>& benchmarks, const std::string& command) {
  std::vector<std::string> names;
  for (const BenchmarkComparison& c : benchmarks)
    if (c.suspect) names.push_back(c.name);
  if (names.empty()) return std::nullopt;
  // The program as its own word, quoted whole: the command comes from a
  // results file, which a pull request can write (issue 41).
  const std::vector<std::string> words = shell_words(command);
  const std::string program = words.empty() ? std::string() : words.front();
  const std::vector<std::string> flags = {"--benchmark_filter=" + filter_of(names), "--benchmark_repetitions=10"};
  const std::string rerun = program.empty() ? "the benchmark program " + shell_command(flags)
                                            : shell_command({program, flags[0], flags[1]});
  const bool from_the_project = !program.empty() && program.front() != '/' && program.find('/') != std::string::npos;
  return std::to_string(names.size()) + (names.size() == 1 ? " case is" : " cases are") +
         " SUSPECT: slower beyond the suite's spread of changes, with too few samples to judge (never a failure); " +
         std::string(kSuspectRerunPhrase) + (from_the_project ? " (from the project's folder)" : "") + ": " + rerun;
}

}  // namespace perfgate
