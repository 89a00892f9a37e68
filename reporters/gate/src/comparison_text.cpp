#include "perfgate/gate/comparison_text.hpp"

#include "perfgate/platform/errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "perfgate/gate/detectable_slowdown.hpp"
#include "perfgate/gate/environment_shift.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/gate/gate_status.hpp"

namespace perfgate {

std::string format_change(double ratio) {
  if (!std::isfinite(ratio)) return "n/a";
  return format_percent((ratio - 1.0) * 100.0, 2);
}

std::string format_figure_value(const DerivedFigure& figure) {
  if (!figure.value || !std::isfinite(*figure.value))
    return "n/a (" + printable_name(figure.missing.value_or("no value")) + ")";
  // A ratio or a percentage reads as one token; other units as a word.
  const bool attached = figure.unit.empty() || figure.unit == "x" || figure.unit == "%";
  return format_three_digits(*figure.value) + (attached ? "" : " ") + printable_name(figure.unit);
}

std::optional<double> kernel_ratio(const KernelComparison& kernel) {
  if (kernel.evidence) return kernel.evidence->ratio;
  if (kernel.baseline_median_ns && kernel.current_median_ns && *kernel.baseline_median_ns > 0)
    return *kernel.current_median_ns / *kernel.baseline_median_ns;
  return std::nullopt;
}

std::string format_kernel_calls(const KernelComparison& kernel) {
  const auto count = [](double calls) { return printf_string("%.4g", calls); };
  const bool before = kernel.verdict != Verdict::added, after = kernel.verdict != Verdict::removed;
  const double shown = after ? kernel.current_calls_per_iteration : kernel.baseline_calls_per_iteration;
  std::string text = before && after && kernel.calls_changed
                         ? count(kernel.baseline_calls_per_iteration) + " -> " + count(shown)
                         : count(shown);
  return text + (shown == 1.0 && !kernel.calls_changed ? " call/iter" : " calls/iter");
}

std::string kernel_count_changes(const KernelComparison& kernel) {
  std::string text;
  for (const CountChange& c : kernel.counts) {
    if (!(std::fabs(c.change_pct()) > kKernelCountChangePct)) continue;
    std::string label = count_label(c.name);
    if (label.rfind("kernel ", 0) == 0) label.erase(0, 7);
    text += (text.empty() ? "" : ", ") + label + " " + format_percent(c.change_pct(), 1);
  }
  return text;
}

std::string kernel_numbers(const KernelComparison& kernel) {
  const auto time = [](const std::optional<double>& ns) { return ns ? format_seconds(*ns * 1e-9) : "-"; };
  std::string text;
  if (kernel.verdict == Verdict::added) {
    text = time(kernel.current_median_ns);
  } else if (kernel.verdict == Verdict::removed) {
    text = time(kernel.baseline_median_ns);
  } else {
    text = time(kernel.baseline_median_ns) + " -> " + time(kernel.current_median_ns);
    if (const auto ratio = kernel_ratio(kernel)) text += " (" + format_change(*ratio) + ")";
  }
  text += ", " + format_kernel_calls(kernel);
  if (const std::string counts = kernel_count_changes(kernel); !counts.empty()) text += "; counted: " + counts;
  return text;
}

std::string confidence_label(double confidence) {
  char text[16];
  std::snprintf(text, sizeof text, "%.4g%%", confidence * 100.0);
  return text;
}

std::string format_interval(const Evidence& evidence) {
  if (!evidence.interval_available) return "n/a";
  char text[64];
  std::snprintf(text, sizeof text, "[%.3g, %.3g]", evidence.ci_low, evidence.ci_high);
  return text;
}

std::string format_probability(double p) {
  if (!std::isfinite(p)) return "n/a";
  return p < 0.001 ? printf_string("%.1e", p) : printf_string("%.3f", p);
}

ChangeCells change_cells(const BenchmarkComparison& b) {
  if (!b.time_decides()) return {format_percent(b.counts->instructions.change_pct(), 2) + " " + count_label(b.counts->instructions.name), "-", "-"};
  if (!b.evidence) return {"-", "-", "-"};
  return {format_change(b.evidence->ratio), format_interval(*b.evidence), format_probability(b.evidence->q_value)};
}

std::string verdict_label(const BenchmarkComparison& b) {
  std::string label = to_string(b.verdict);
  // Which measure made it: the row's time columns may show no change.
  if (!b.time_decides()) label += " (counted)";
  if (b.confirmation == Confirmation::confirmed) label += " (confirmed)";
  else if (b.confirmation == Confirmation::not_reproduced) label += " (not reproduced)";
  else if (b.confirmation == Confirmation::unavailable) label += " (unconfirmed)";
  if (b.ignored) label += " [ignored]";
  if (b.suspect) label += " (SUSPECT)";
  return label;
}

std::string status_text(GateStatus status, int exit_code) {
  return std::string(to_string(status)) + " (exit " + std::to_string(exit_code) + ")";
}

std::string status_text(const Comparison& comparison, int exit_code) {
  return status_text(gate_status(comparison, exit_code), exit_code);
}

std::string verdict_counts_text(const std::map<Verdict, std::size_t>& counts) {
  std::vector<std::pair<Verdict, std::size_t>> ranked(counts.begin(), counts.end());
  std::sort(ranked.begin(), ranked.end(),
            [](const auto& a, const auto& b) { return report_rank(a.first) < report_rank(b.first); });
  std::string text;
  for (const auto& [verdict, count] : ranked)
    text += (text.empty() ? "" : ", ") + std::to_string(count) + " " + to_string(verdict);
  return text.empty() ? "no benchmarks" : text;
}

std::string summary_line(const Comparison& comparison, std::optional<int> exit_code) {
  std::string line;
  if (exit_code) {
    const GateStatus status = gate_status(comparison, *exit_code);
    line = status_text(status, *exit_code) + ": ";
    // A run that judged only some of its cases says how many.
    const GateCoverage coverage = gate_coverage(comparison);
    if (status != GateStatus::skipped && coverage.gated < coverage.cases) line += coverage_text(coverage) + ": ";
  }
  line += verdict_counts_text(comparison.verdict_counts());
  const auto suspects = std::count_if(comparison.benchmarks.begin(), comparison.benchmarks.end(),
                                      [](const BenchmarkComparison& b) { return b.suspect.has_value(); });
  if (suspects > 0) line += " (" + std::to_string(suspects) + " SUSPECT)";
  if (const auto blind = blind_below(comparison); exit_code && blind) line += "; " + *blind;
  return line;
}

std::string reference_text(const Comparison& comparison) {
  return comparison.reference.name.empty() ? comparison.baseline.origin : comparison.reference.name;
}

std::optional<std::string> sight_line(const Comparison& comparison) {
  const auto warning = sight_warning(comparison);
  if (!warning) return std::nullopt;
  return "LIMITED SIGHT: " + *warning;
}

std::string judged_by_text(const std::vector<std::string>& versions) {
  std::vector<std::string> known;
  for (const std::string& v : versions)
    if (!v.empty() && std::find(known.begin(), known.end(), v) == known.end()) known.push_back(v);
  if (known.empty()) return "judged by perfgate (version unknown)";
  std::string text = "judged by perfgate ";
  for (std::size_t i = 0; i < known.size(); ++i)
    text += (i == 0 ? "" : i + 1 == known.size() ? " and " : ", ") + printable_name(known[i]);
  return text;
}

std::string judged_by_text(const Comparison& comparison) { return judged_by_text(std::vector<std::string>{comparison.perfgate_version}); }

std::optional<std::string> environment_shift_line(const Comparison& comparison) {
  if (!comparison.environment_shift) return std::nullopt;
  const EnvironmentShift& s = *comparison.environment_shift;
  char text[640];
  const int used = std::snprintf(text, sizeof text, "ENVIRONMENT SHIFT: %zu of %zu benchmarks are %s by a similar factor "
                                 "(median ratio %s, spread %s).",
                                 s.moved, s.compared, s.slower ? "slower" : "faster", format_ratio(s.median_ratio).c_str(),
                                 format_percent(s.spread_pct, 1, false).c_str());
  const std::size_t at = used > 0 ? std::min(static_cast<std::size_t>(used), sizeof text - 1) : 0;
  // The cases that moved with the shift were judged against it
  // (judge_against_shift): those still beyond it stand on their own evidence
  // (and a confirmed regression was measured twice); the others are
  // INCONCLUSIVE, since a change that moves every case looks the same.
  const ShiftedVerdicts among = shifted_verdicts(comparison);
  if (among.verdicts == 0)
    std::snprintf(text + at, sizeof text - at,
                  " This looks like a %s machine or different clocks: the cases that moved with it are INCONCLUSIVE, "
                  "not %s, since a change that %s every case would look the same (`perfgate ab` of the two builds "
                  "tells them apart).",
                  s.slower ? "slower or busier" : "faster or idler", s.slower ? "REGRESSION" : "IMPROVEMENT",
                  s.slower ? "slows" : "speeds up");
  else
    std::snprintf(text + at, sizeof text - at,
                  " %zu of them %s %s beyond the shift (%zu confirmed by a re-measurement): %s on %s own evidence; "
                  "the others moved with the machine and are INCONCLUSIVE.",
                  among.verdicts, among.verdicts == 1 ? "is" : "are", s.slower ? "REGRESSION" : "IMPROVEMENT",
                  among.confirmed, among.verdicts == 1 ? "that verdict stands" : "those verdicts stand",
                  among.verdicts == 1 ? "its" : "their");
  return std::string(text);
}

std::string printable_name(const std::string& name) {
  const std::string q = quote_text(name);
  return q.substr(1, q.size() - 2);
}

std::optional<std::string> throttling_line(const Comparison& comparison) {
  int total = 0;
  std::string cases;
  for (const BenchmarkComparison& b : comparison.benchmarks) {
    const int throttled = (b.current ? b.current->throttled : 0) + (b.recheck ? b.recheck->throttled : 0);
    if (throttled == 0) continue;
    total += throttled;
    if (cases.size() < 200) cases += (cases.empty() ? "" : ", ") + printable_name(b.name) + ": " + std::to_string(throttled);
    else if (cases.back() != '.') cases += ", ...";
  }
  if (total == 0) return std::nullopt;
  return "THROTTLED: " + std::to_string(total) + " repetition" + (total == 1 ? "" : "s") +
         " ran with the SM clock below 75% of its maximum and " + (total == 1 ? "was" : "were") +
         " left out of the gate's samples (" + cases + "). Check the GPU's cooling, power limit and other load.";
}

std::string suggestion_headline(const Suggestion& s) {
  std::string gain = s.expected_gain.text;
  // An unmeasured speed-up is labelled; advice that promises none is not.
  if (!s.expected_gain.measured && s.expected_gain.factor > 0 && gain.rfind("estimate", 0) != 0) gain = "estimate: " + gain;
  return std::string("[") + to_string(s.priority) + "] " + s.rule + ": " + gain;
}

std::vector<const Suggestion*> suggestions_for(const Comparison& comparison, const std::string& benchmark) {
  std::vector<const Suggestion*> found;
  for (const Suggestion& s : comparison.suggestions)
    if (s.benchmark == benchmark) found.push_back(&s);
  return found;
}

}  // namespace perfgate
