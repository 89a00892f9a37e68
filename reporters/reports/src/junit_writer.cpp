#include "perfgate/reports/junit_writer.hpp"

#include "perfgate/gate/gate_status.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "perfgate/gate/report_order.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate {
namespace {

// Locale-independent: JUnit readers want '.' as the decimal point.
std::string decimal(double value, int precision = 9) {
  char text[64];
  const auto [end, error] = std::to_chars(text, text + sizeof text, value, std::chars_format::general, precision);
  return error == std::errc() ? std::string(text, end) : "0";
}

std::string seconds_attribute(double seconds) {
  if (!std::isfinite(seconds)) seconds = std::numeric_limits<double>::max();  // a sum of absurd samples
  char text[400];  // DBL_MAX in fixed notation: 309 digits
  const auto [end, error] = std::to_chars(text, text + sizeof text, seconds, std::chars_format::fixed, 6);
  return error == std::errc() ? std::string(text, end) : "0";
}

struct Counts {
  std::size_t tests = 0, failures = 0, errors = 0, skipped = 0;
  double time = 0.0;
};

enum class Outcome { pass, failure, error, skipped };

Outcome outcome_of(const BenchmarkComparison& b) {
  if (b.ignored) return Outcome::skipped;
  switch (b.verdict) {
    case Verdict::regression: return Outcome::failure;
    case Verdict::error: return Outcome::error;
    case Verdict::skipped:
    case Verdict::inconclusive:
    case Verdict::incomparable:
    // Not judged against a baseline: a dashboard must not count it as passed.
    case Verdict::added:
    case Verdict::removed: return Outcome::skipped;
    default: return Outcome::pass;
  }
}

void property(std::ostream& out, const char* indent, const std::string& name, const std::string& value) {
  out << indent << "<property name=\"" << xml_escape_attribute(name) << "\" value=\"" << xml_escape_attribute(value)
      << "\"/>\n";
}

// The per-case numbers as `name=value` words on one line of the case's
// system-out: junit-10.xsd (Jenkins xUnit) allows no <properties> in a
// <testcase>, and one line stays greppable.
void number(std::string& line, const std::string& name, const std::string& value) {
  line += ' ' + name + '=' + value;
}

void summary_numbers(std::string& line, const std::string& prefix, const std::optional<SampleSummary>& s) {
  if (!s) return;
  number(line, prefix + "_median_s", decimal(s->median));
  number(line, prefix + "_samples", std::to_string(s->n));
  number(line, prefix + "_robust_cv", decimal(s->robust_cv, 4));
  if (s->throttled > 0) number(line, prefix + "_throttled_samples", std::to_string(s->throttled));
  if (s->rounds > 1) number(line, prefix + "_run_to_run_pct", decimal(s->run_to_run_pct, 4));
}

std::string case_numbers(const BenchmarkComparison& b) {
  std::string line = "numbers:";
  number(line, "verdict", to_string(b.verdict));
  summary_numbers(line, "baseline", b.baseline);
  summary_numbers(line, "current", b.current);
  if (b.evidence) {
    number(line, "ratio", decimal(b.evidence->ratio, 6));
    number(line, "change_pct", decimal((b.evidence->ratio - 1.0) * 100.0, 4));
    if (b.evidence->interval_available) {
      number(line, "ci_low", decimal(b.evidence->ci_low, 6));
      number(line, "ci_high", decimal(b.evidence->ci_high, 6));
    }
    number(line, "p_value", decimal(b.evidence->p_value, 4));
    number(line, "q_value", decimal(b.evidence->q_value, 4));
    number(line, "threshold_pct", decimal(b.threshold_pct, 4));
  }
  if (b.detectable_pct) number(line, "detectable_slowdown_pct", decimal(*b.detectable_pct, 4));
  if (b.confirmation != Confirmation::not_needed) number(line, "confirmation", to_string(b.confirmation));
  return line + '\n';
}

// "instructions 1234567 -> 1358024 (+10.0%)"
std::string count_numbers(const CountChange& c) {
  return c.name + " " + decimal(c.baseline, 12) + " -> " + decimal(c.current, 12) + " (" +
         format_change(1.0 + c.change_pct() / 100.0) + ")";
}

std::string failure_message(const BenchmarkComparison& b, double confidence) {
  if (!b.time_decides())  // the counts failed it: say so first, then the time
    return b.name + ": counted " + count_numbers(b.counts->instructions) + " a timed iteration, count threshold " +
           decimal(b.counts->threshold_pct, 3) + "%; time " + format_change(b.evidence->ratio) + " (median " +
           format_seconds(b.baseline->median) + " -> " + format_seconds(b.current->median) + ")";
  std::string message = b.name + ": " + format_change(b.evidence->ratio) + " (median " +
                        format_seconds(b.baseline->median) + " -> " + format_seconds(b.current->median) +
                        "), " + confidence_label(confidence) + " CI " + format_interval(*b.evidence) + ", q = " +
                        format_probability(b.evidence->q_value) + ", threshold " +
                        decimal(b.threshold_pct, 3) + "%";
  if (b.confirmation == Confirmation::confirmed) message += ", confirmed by re-measurement";
  if (b.confirmation == Confirmation::unavailable) message += ", not re-measured";
  return message;
}

// A case's kernel changes, one line each, up to this many.
constexpr std::size_t kKernelLinesPerCase = 20;

std::string details(const BenchmarkComparison& b, const std::vector<const Suggestion*>& suggestions) {
  std::ostringstream text;
  text << "verdict: " << verdict_label(b) << "\nreason: " << b.reason << '\n';
  const auto side = [&](const char* label, const std::optional<SampleSummary>& s) {
    if (!s) return;
    text << label << ": median " << format_seconds(s->median) << ", " << s->n << " samples, robust CV "
         << decimal(s->robust_cv * 100.0, 3) << "%";
    if (s->rounds > 1) text << ", " << s->rounds << " runs " << decimal(s->run_to_run_pct, 3) << "% apart";
    text << "\n";
  };
  side("baseline", b.baseline);
  side("current", b.current);
  side("re-measured", b.recheck);
  if (b.counts) {
    text << "counted (a timed iteration, spread " << decimal(b.counts->spread_pct, 3) << "%): "
         << count_numbers(b.counts->instructions);
    for (const CountChange& c : b.counts->others) text << ", " << count_numbers(c);
    text << '\n';
  }
  if (b.trace) text << "trace: " << printable_name(b.trace->path) << '\n';
  const auto changes = kernel_changes(b.kernels);
  for (std::size_t i = 0; i < changes.size() && i < kKernelLinesPerCase; ++i)
    text << "kernel " << to_string(changes[i]->verdict) << ' ' << printable_name(changes[i]->name) << ": "
         << kernel_numbers(*changes[i]) << " (" << printable_name(changes[i]->reason) << ")\n";
  if (changes.size() > kKernelLinesPerCase)
    text << "... and " << changes.size() - kKernelLinesPerCase << " more kernel changes (all in the comparison JSON)\n";
  for (const Suggestion* s : suggestions)
    text << "suggestion " << suggestion_headline(*s) << "\n  evidence: " << s->evidence << "\n  hint: " << s->hint << '\n';
  return text.str();
}

void test_case(std::ostream& out, const BenchmarkComparison& b, const std::vector<const Suggestion*>& suggestions,
               const std::string& unique_name, const std::string& classname, double confidence) {
  out << "    <testcase name=\"" << xml_escape_attribute(unique_name) << "\" classname=\""
      << xml_escape_attribute(classname) << "\" time=\"" << seconds_attribute(b.measured_seconds) << "\">\n";
  switch (outcome_of(b)) {
    case Outcome::failure:
      out << "      <failure type=\"PerformanceRegression\" message=\"" << xml_escape_attribute(failure_message(b, confidence))
          << "\">" << xml_escape_text(details(b, suggestions)) << "</failure>\n";
      break;
    case Outcome::error:
      out << "      <error type=\"BenchmarkError\" message=\"" << xml_escape_attribute(b.name + ": " + b.reason)
          << "\">" << xml_escape_text(details(b, suggestions)) << "</error>\n";
      break;
    case Outcome::skipped: {
      // A case that could not run here says why in its own words; the
      // others (INCONCLUSIVE, INCOMPARABLE, NEW, REMOVED, ignored) name
      // their verdict.
      const std::string verdict = b.verdict == Verdict::skipped ? b.reason : to_string(b.verdict) + (": " + b.reason);
      const std::string why = b.ignored ? "ignored by a gate override; " + verdict : verdict;
      out << "      <skipped message=\"" << xml_escape_attribute(why) << "\"/>\n";
      break;
    }
    case Outcome::pass: break;
  }
  out << "      <system-out>" << xml_escape_text(details(b, suggestions) + case_numbers(b)) << "</system-out>\n";
  out << "    </testcase>\n";
}

// Dashboards keep only the first of two equal names (GitLab), so every
// name, after the cleaning XML needs, must be distinct.
std::vector<std::string> unique_names(const std::vector<const BenchmarkComparison*>& rows) {
  std::set<std::string> used;
  std::vector<std::string> names;
  for (const auto* b : rows) {
    const std::string base = xml_legal(b->name);
    std::string name = base;
    for (int k = 2; !used.insert(name).second; ++k) name = base + " (" + std::to_string(k) + ")";
    names.push_back(name);
  }
  return names;
}

}  // namespace

void write_comparison_junit(const Comparison& comparison, int exit_code, std::ostream& out) {
  const auto rows = in_report_order(comparison);
  Counts counts;
  for (const auto* b : rows) {
    ++counts.tests;
    counts.time += b->measured_seconds;
    switch (outcome_of(*b)) {
      case Outcome::failure: ++counts.failures; break;
      case Outcome::error: ++counts.errors; break;
      case Outcome::skipped: ++counts.skipped; break;
      case Outcome::pass: break;
    }
  }
  const std::string suite = comparison.suite.empty() ? "perfgate" : comparison.suite;
  // junit-10.xsd (Jenkins xUnit) has no `skipped` on <testsuites>; both
  // levels name the suite, so that merged files tell their suites apart.
  const auto totals = [&] {
    out << " name=\"" << xml_escape_attribute(suite) << "\" tests=\"" << counts.tests << "\" failures=\""
        << counts.failures << "\" errors=\"" << counts.errors << "\"";
  };
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites";
  totals();
  out << " time=\"" << seconds_attribute(counts.time) << "\">\n  <testsuite";
  totals();
  out << " skipped=\"" << counts.skipped << "\" time=\"" << seconds_attribute(counts.time) << "\"";
  // A run whose date is unknown has no timestamp rather than an empty one.
  if (!comparison.current.created_utc.empty())
    out << " timestamp=\"" << xml_escape_attribute(comparison.current.created_utc) << "\"";
  out << ">\n    <properties>\n";
  const char* indent = "      ";
  property(out, indent, "perfgate.exit_code", std::to_string(exit_code));
  // NOT GATED is not PASS: the status and how much was judged, for
  // dashboards that read properties.
  property(out, indent, "perfgate.status", to_json_string(gate_status(comparison, exit_code)));
  property(out, indent, "perfgate.gated", coverage_text(gate_coverage(comparison)));
  if (const std::string why = not_gated_reason(comparison); !why.empty()) property(out, indent, "perfgate.not_gated", why);
  // The perfgate that judged; unknown only for a comparison read back from an old file.
  if (!comparison.perfgate_version.empty()) property(out, indent, "perfgate.version", comparison.perfgate_version);
  property(out, indent, "perfgate.summary", summary_line(comparison, exit_code));
  property(out, indent, "perfgate.baseline", comparison.baseline.origin);
  property(out, indent, "perfgate.reference", reference_text(comparison));
  property(out, indent, "perfgate.reference_kind", to_string(comparison.reference.kind));
  if (!comparison.reference.commit.empty()) property(out, indent, "perfgate.reference_commit", comparison.reference.commit);
  property(out, indent, "perfgate.baseline_device", comparison.baseline.device.slug);
  property(out, indent, "perfgate.current_device", comparison.current.device.slug);
  property(out, indent, "perfgate.git_commit", comparison.current.git_commit);
  if (auto shift = environment_shift_line(comparison)) property(out, indent, "perfgate.environment_shift", *shift);
  if (auto sight = sight_line(comparison)) property(out, indent, "perfgate.limited_sight", *sight);
  if (!comparison.comparable) property(out, indent, "perfgate.incomparable", comparison.incomparable_reason);
  out << "    </properties>\n";
  const std::vector<std::string> names = unique_names(rows);
  const std::string classname = "perf." + suite;
  // Each case's suggestions from one pass over them (a scan of every
  // suggestion per case was quadratic: 100,000 cases with 2,000 suggestions).
  std::unordered_map<std::string_view, std::vector<const Suggestion*>> suggestions;
  for (const Suggestion& s : comparison.suggestions) suggestions[s.benchmark].push_back(&s);
  const std::vector<const Suggestion*> none;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto found = suggestions.find(rows[i]->name);
    test_case(out, *rows[i], found == suggestions.end() ? none : found->second, names[i], classname,
              comparison.settings.confidence);
  }
  out << "  </testsuite>\n</testsuites>\n";
}

std::string comparison_to_junit(const Comparison& comparison, int exit_code) {
  std::ostringstream out;
  write_comparison_junit(comparison, exit_code, out);
  return std::move(out).str();
}

}  // namespace perfgate
