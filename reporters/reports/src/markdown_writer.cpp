#include "perfgate/reports/markdown_writer.hpp"

#include <cctype>
#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <utility>
#include <vector>

#include "perfgate/gate/exit_code.hpp"
#include "perfgate/gate/suspect_change.hpp"
#include "perfgate/reports/markdown_fit.hpp"
#include "perfgate/gate/report_order.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate {
namespace {

void table(std::ostream& out, const std::vector<const BenchmarkComparison*>& rows, double confidence) {
  out << "| Benchmark | Baseline | Current | Change | " << confidence_label(confidence) << " CI (ratio) | q | Verdict |\n"
      << "|---|---:|---:|---:|---:|---:|---|\n";
  const auto time = [](const std::optional<SampleSummary>& s) { return s ? format_seconds(s->median) : "-"; };
  for (const auto* b : rows) {
    const ChangeCells cells = change_cells(*b);
    out << "| " << markdown_cell(b->name) << " | " << time(b->baseline) << " | " << time(b->current) << " | " << cells.change
        << " | " << cells.interval << " | " << cells.q << " | " << markdown_cell(verdict_label(*b)) << " |\n";
  }
}

void suggestion_rows(std::ostream& out, const std::vector<const Suggestion*>& suggestions) {
  out << "| Priority | Rule | Benchmark | Expected gain | Evidence | Hint |\n|---|---|---|---|---|---|\n";
  for (const Suggestion* s : suggestions) {
    const bool label = !s->expected_gain.measured && s->expected_gain.factor > 0 && s->expected_gain.text.rfind("estimate", 0) != 0;
    const std::string gain = (label ? "estimate: " : "") + s->expected_gain.text;
    out << "| " << to_string(s->priority) << " | " << markdown_cell(s->rule) << " | " << markdown_cell(s->benchmark) << " | "
        << markdown_cell(gain) << " | " << markdown_cell(s->evidence) << " | " << markdown_cell(s->hint) << " |\n";
  }
  out << '\n';
}

// The suggestions about a regressed or failed case are shown; the others
// (noisy cases, faster precisions) are folded, so a pull request's summary
// is not taller in advice than in what failed (issue 43).
void suggestions_table(std::ostream& out, const Comparison& comparison) {
  std::vector<const Suggestion*> shown, folded;
  for (const Suggestion& s : comparison.suggestions) {
    const BenchmarkComparison* b = s.benchmark.empty() ? nullptr : comparison.find(s.benchmark);
    const bool failed = b && (b->verdict == Verdict::regression || b->verdict == Verdict::error);
    (failed ? shown : folded).push_back(&s);
  }
  if (!shown.empty()) {
    out << "### Suggestions\n\n";
    suggestion_rows(out, shown);
  }
  if (folded.empty()) return;
  out << "<details><summary>" << (shown.empty() ? "" : "More ") << "Suggestions (" << folded.size()
      << (shown.empty() ? "" : ", about other cases") << ")</summary>\n\n";
  suggestion_rows(out, folded);
  out << "</details>\n\n";
}

// Enough to see what a library changed; the comparison JSON lists them all.
constexpr std::size_t kKernelRowsPerCase = 20;

// Per case with kernel changes: its trace, then a table of the changes.
void kernels_section(std::ostream& out, const std::vector<const BenchmarkComparison*>& rows) {
  bool header = false;
  for (const auto* b : rows) {
    const auto changes = kernel_changes(b->kernels);
    if (changes.empty()) continue;
    if (!header) out << "#### Kernels\n\n";
    header = true;
    out << "**" << markdown_cell(b->name) << "**";
    if (b->trace) out << " (trace " << markdown_cell(b->trace->path) << ")";
    out << "\n\n| Verdict | Kernel | Baseline | Current | Change | Calls/iter |\n|---|---|---:|---:|---:|---:|\n";
    const auto time = [](const std::optional<double>& ns) { return ns ? format_seconds(*ns * 1e-9) : "-"; };
    const auto calls = [](double c) {
      char text[32];
      std::snprintf(text, sizeof text, "%.4g", c);
      return std::string(text);
    };
    for (std::size_t i = 0; i < changes.size() && i < kKernelRowsPerCase; ++i) {
      const KernelComparison& k = *changes[i];
      const auto ratio = kernel_ratio(k);
      const std::string before = k.verdict == Verdict::added ? "-" : calls(k.baseline_calls_per_iteration);
      const std::string after = k.verdict == Verdict::removed ? "-" : calls(k.current_calls_per_iteration);
      out << "| " << to_string(k.verdict) << " | " << markdown_cell(k.name) << " | " << time(k.baseline_median_ns) << " | "
          << time(k.current_median_ns) << " | " << (ratio ? format_change(*ratio) : "-")
          << (kernel_count_changes(k).empty() ? "" : "; counted: " + markdown_cell(kernel_count_changes(k))) << " | "
          << (k.calls_changed || before != after ? before + " → " + after : after) << " |\n";
    }
    out << '\n';
    if (changes.size() > kKernelRowsPerCase)
      out << "… and " << changes.size() - kKernelRowsPerCase << " more kernel changes (all in the comparison JSON).\n\n";
  }
}

void figures_table(std::ostream& out, const std::vector<DerivedFigure>& figures) {
  if (figures.empty()) return;
  out << "### Derived figures\n\n| Figure | Value | Formula |\n|---|---:|---|\n";
  for (const DerivedFigure& f : figures)
    out << "| " << markdown_cell(f.name) << " | " << markdown_cell(format_figure_value(f)) << " | "
        << markdown_cell(f.formula) << " |\n";
  out << '\n';
}

// GitHub and GitLab turn "@name" into a mention ("@all" notifies everyone
// in the project), and GitLab "#1", "!2", "$3", "%4", "&5", "~label" into
// links.  A WORD JOINER (U+2060, invisible) after the sign keeps the name as
// it reads and breaks the pattern; a sign before a space starts none.
constexpr const char* kWordJoiner = "\u2060";

bool starts_reference(char c) {
  return c == '@' || c == '#' || c == '!' || c == '$' || c == '%' || c == '&' || c == '~';
}

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// GitHub's extended autolinks: "://" after a scheme (https://evil.example)
// and "www." make a link of a name.  A word joiner before the ':' or after
// "www" keeps the text and breaks the link (a name is never a live link).
bool starts_autolink(const std::string& text, std::size_t at) {
  if (text.compare(at, 3, "://") == 0) return true;
  if (at >= 3 && text.compare(at, 1, ".") == 0) {
    std::string before = text.substr(at - 3, 3);
    for (char& c : before) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return before == "www";
  }
  return false;
}

// A note as Markdown; the SUSPECT note's re-run command (its end) as a code
// span, as it is: escapes or word joiners in it would make it run something
// else when pasted (issue 41).
std::string markdown_note(const std::string& note) {
  const std::size_t phrase = note.find(kSuspectRerunPhrase);
  const std::size_t colon = phrase == std::string::npos ? phrase : note.find(": ", phrase);
  if (colon == std::string::npos || colon + 2 >= note.size()) return markdown_cell(note);
  return markdown_cell(note.substr(0, colon + 2)) + markdown_code(note.substr(colon + 2));
}

// Three reasons say what kept a suite from running; the JSON has them all.
constexpr std::size_t kSkipReasonsShown = 3;

// Status line, device and baseline, warnings and notes: what every reader
// needs, kept whatever the size.
std::string headline(const Comparison& comparison, int exit_code) {
  std::ostringstream out;
  const GateStatus status = gate_status(comparison, exit_code);
  out << "### " << markdown_status_mark(status) << " perfgate " << markdown_code(comparison.suite) << ": "
      << markdown_cell(summary_line(comparison, exit_code)) << "\n\n";
  if (status == GateStatus::not_gated)
    out << "> **Not gated:** " << markdown_cell(not_gated_reason(comparison)) << "\n\n";
  out << "Device " << markdown_code(comparison.current.device.slug) << ", against "
      << markdown_cell(reference_text(comparison));
  if (!comparison.baseline.git_commit.empty() && comparison.reference.kind != ReferenceKind::build)
    out << " (commit " << markdown_cell(comparison.baseline.git_commit.substr(0, 12)) << ")";
  out << ".\n\n";
  if (auto shift = environment_shift_line(comparison)) out << "> **Warning:** " << markdown_cell(*shift) << "\n\n";
  if (auto throttled = throttling_line(comparison)) out << "> **Warning:** " << markdown_cell(*throttled) << "\n\n";
  if (auto sight = sight_line(comparison)) out << "> **Warning:** " << markdown_cell(*sight) << "\n\n";
  if (!comparison.comparable)
    out << "> **Incomparable:** " << markdown_cell(comparison.incomparable_reason) << ". Record a baseline for "
        << markdown_code(comparison.current.device.slug) << " with `perfgate baseline update`.\n\n";
  for (const auto& note : comparison.notes) out << "> " << markdown_note(note) << "\n\n";
  return out.str();
}

// The rows that are not NO_CHANGE, with their reasons; skipped cases are one
// line per reason, not a row each.  `failures_only` keeps the regressions
// and failed cases: what a summary short of room must still show.
std::string needs_a_look(const std::vector<const BenchmarkComparison*>& rows, const Comparison& comparison,
                         bool failures_only) {
  std::vector<const BenchmarkComparison*> attention;
  std::size_t skipped = 0;
  for (const auto* b : rows) {
    skipped += b->verdict == Verdict::skipped ? 1 : 0;
    const bool failure = b->verdict == Verdict::regression || b->verdict == Verdict::error;
    if (b->verdict != Verdict::no_change && b->verdict != Verdict::skipped && (failure || !failures_only))
      attention.push_back(b);
  }
  if (attention.empty() && (failures_only || skipped == 0)) return {};
  std::ostringstream out;
  out << "#### " << (failures_only ? "Regressions and failures" : "Needs a look") << "\n\n";
  if (!attention.empty()) {
    table(out, attention, comparison.settings.confidence);
    out << '\n';
    for (const auto* b : attention) out << "- **" << markdown_cell(b->name) << "**: " << markdown_cell(b->reason) << '\n';
  }
  if (!failures_only && skipped > 0)
    out << "- " << skipped << " SKIPPED: " << markdown_cell(skip_reasons(comparison)) << '\n';
  out << '\n';
  return out.str();
}

// Every row, collapsed, with the gate's rule under it.
std::string all_rows(const std::vector<const BenchmarkComparison*>& rows, const GateSettings& s) {
  std::ostringstream out;
  out << "<details><summary>All " << rows.size() << " benchmarks</summary>\n\n";
  table(out, rows, s.confidence);
  out << "\nGate: REGRESSION when Mann–Whitney U with Benjamini–Hochberg gives q < " << s.fdr_q << ", the "
      << confidence_label(s.confidence) << " interval for the ratio lies above 1 and reaches the threshold ("
      << s.threshold_pct << "%";
  if (s.noise_multiplier > 0) out << ", or " << s.noise_multiplier << "× the robust CV when larger";
  out << "); at least " << s.min_samples << " samples a side. A suite run re-measures each suspected regression "
         "and each undecided slowdown in rounds, the k-th look at q / 2^k.\n\n</details>\n\n";
  return out.str();
}

}  // namespace

const char* markdown_status_mark(GateStatus status) {
  switch (status) {
    case GateStatus::pass: return "✅";
    case GateStatus::fail: return "❌";
    case GateStatus::skipped: return "⏭️";
    case GateStatus::not_gated: return "⚪";
    case GateStatus::error: break;
  }
  return "⚠️";
}

std::string markdown_cell(const std::string& text) {
  const std::string legal = xml_legal(text);
  std::string out;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const char c = legal[i];
    switch (c) {
      case '|': out += "\\|"; break;
      case '\\': out += "\\\\"; break;
      case '`': out += "\\`"; break;
      case '*': out += "\\*"; break;
      case '_': out += "\\_"; break;
      case '[': out += "\\["; break;
      case ']': out += "\\]"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '~': out += "\\~"; break;
      case '\n':
      case '\r':
      case '\t': out += ' '; break;
      default: out += c;
    }
    if (starts_reference(c) && i + 1 < legal.size() && !is_space(legal[i + 1])) out += kWordJoiner;
    if (starts_autolink(legal, i + 1)) out += kWordJoiner;
  }
  return out;
}

std::string markdown_code(const std::string& text) {
  std::string body = xml_legal(text);
  std::size_t longest = 0, run = 0;
  for (char& c : body) {
    if (is_space(c)) c = ' ';  // a code span is one line
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  // CommonMark: a span closes only at a backtick run exactly as long as its
  // fence, and one space is stripped from each end when both ends have one.
  const std::string fence(longest + 1, '`');
  const bool pad = !body.empty() && (body.front() == '`' || body.back() == '`' ||
                                     (body.front() == ' ' && body.back() == ' '));
  return fence + (pad ? " " + body + " " : body) + fence;
}

std::string skip_reasons(const Comparison& comparison) {
  std::map<std::string, std::size_t> by_reason;
  for (const BenchmarkComparison& b : comparison.benchmarks)
    if (b.verdict == Verdict::skipped) ++by_reason[b.reason];
  std::vector<std::pair<std::string, std::size_t>> reasons(by_reason.begin(), by_reason.end());
  std::stable_sort(reasons.begin(), reasons.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  if (reasons.size() == 1) return reasons.front().first;
  std::string text;
  for (std::size_t i = 0; i < reasons.size() && i < kSkipReasonsShown; ++i)
    text += (i == 0 ? "" : "; ") + reasons[i].first + " (" + std::to_string(reasons[i].second) + ")";
  if (reasons.size() > kSkipReasonsShown)
    text += "; and " + std::to_string(reasons.size() - kSkipReasonsShown) + " other reasons";
  return text;
}

namespace {

// The whole summary of a suite that ran nothing.
std::string skipped_suite_line(const Comparison& comparison, int exit_code) {
  return "### " + std::string(markdown_status_mark(gate_status(comparison, exit_code))) + " perfgate " +
         markdown_code(comparison.suite) + ": " +
         markdown_cell(summary_line(comparison, exit_code)) + ": " + markdown_cell(skip_reasons(comparison)) + "\n\n";
}

}  // namespace

std::vector<MarkdownPart> comparison_markdown_parts(const Comparison& comparison, int exit_code) {
  // Nothing ran: its rows would be one sentence said once per case.
  if (exit_code == kExitAllSkipped) return {{MarkdownPart::Kind::essential, skipped_suite_line(comparison, exit_code), ""}};
  const auto rows = in_report_order(comparison);
  std::vector<MarkdownPart> parts;
  parts.push_back({MarkdownPart::Kind::essential, headline(comparison, exit_code), ""});
  parts.push_back({MarkdownPart::Kind::detail, needs_a_look(rows, comparison, false), needs_a_look(rows, comparison, true)});
  std::ostringstream kernels;
  kernels_section(kernels, rows);
  parts.push_back({MarkdownPart::Kind::detail, kernels.str(), ""});
  std::ostringstream figures;
  figures_table(figures, comparison.figures);
  parts.push_back({MarkdownPart::Kind::detail, figures.str(), ""});
  std::ostringstream suggestions;
  suggestions_table(suggestions, comparison);
  parts.push_back({MarkdownPart::Kind::detail, suggestions.str(), ""});
  parts.push_back({MarkdownPart::Kind::folded_table, all_rows(rows, comparison.settings), ""});
  return parts;
}

std::string markdown_footer(const std::string& judged_by) { return "<sub>" + markdown_cell(judged_by) + "</sub>\n"; }

std::string comparison_to_markdown(const Comparison& comparison, int exit_code, std::size_t max_bytes) {
  std::vector<MarkdownPart> parts = comparison_markdown_parts(comparison, exit_code);
  parts.push_back({MarkdownPart::Kind::essential, markdown_footer(judged_by_text(comparison)), ""});
  return fit_markdown(std::move(parts), max_bytes);
}

}  // namespace perfgate
