#include "perfgate/reports/console_table.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>

#include "perfgate/gate/gate_status.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/reports/console_color.hpp"
#include "perfgate/gate/report_order.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/reports/text_table.hpp"

namespace perfgate {
namespace {

using Row = std::vector<std::string>;

Row make_row(const BenchmarkComparison& b) {
  const auto time = [](const std::optional<SampleSummary>& s) { return s ? format_seconds(s->median) : "-"; };
  ChangeCells cells = change_cells(b);
  return {printable_name(b.name),
          time(b.baseline),
          time(b.current),
          std::move(cells.change),
          std::move(cells.interval),
          std::move(cells.q),
          verdict_label(b)};
}

// Kernel lines under a case's row, so the table stays readable for a model
// with hundreds of kernels; the reports written to files list them all.
constexpr std::size_t kKernelLinesPerCase = 5;

// "  kernel NEW         sm90_xmma_gemm_...  12.3 µs, 1 call/iter", one line
// for each kernel change of the case.
std::vector<std::string> kernel_lines(const BenchmarkComparison& b) {
  const auto changes = kernel_changes(b.kernels);
  std::vector<std::string> lines;
  std::size_t verdict_width = 0;
  for (const KernelComparison* k : changes) verdict_width = std::max(verdict_width, display_width(to_string(k->verdict)));
  for (std::size_t i = 0; i < changes.size() && i < kKernelLinesPerCase; ++i)
    lines.push_back("  kernel " + pad(to_string(changes[i]->verdict), verdict_width, false) + "  " +
                    printable_name(changes[i]->name) + "  " + kernel_numbers(*changes[i]));
  if (changes.size() > kKernelLinesPerCase)
    lines.push_back("  ... and " + std::to_string(changes.size() - kKernelLinesPerCase) + " more kernel changes");
  return lines;
}

// The table, with each row's `below` lines printed under it; with
// `verdicts`, the last column (the verdict, never padded) in its colour.
void print_rows(std::ostream& out, const std::vector<Row>& rows, const std::vector<std::vector<std::string>>& below,
                const std::vector<Verdict>& verdicts = {}) {
  std::vector<std::size_t> widths(rows.front().size(), 0);
  for (const Row& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], display_width(row[i]));
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const Row& row = rows[r];
    std::string line;
    for (std::size_t i = 0; i + 1 < row.size(); ++i) {
      const bool numeric = i >= 1 && i <= 5;
      line += pad(row[i], widths[i], numeric) + "  ";
    }
    line += row.back();
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (r > 0 && r - 1 < verdicts.size() && !row.back().empty())
      line = line.substr(0, line.size() - row.back().size()) + colored(verdicts[r - 1], row.back());
    out << line << '\n';
    if (r < below.size())
      for (const std::string& extra : below[r]) out << extra << '\n';
  }
}

// `text` on one line with control characters escaped, at full length: a
// formula shortened in the middle would no longer state how a figure was made.
std::string one_line(const std::string& text) { return printable_text(text); }

// Reasons are long ("... confirmed, re-measured +186% ..."): wrapped at word
// boundaries under their case, never cut, so the end of one stays on screen.
constexpr std::size_t kWrapColumns = 100;
constexpr const char* kContinuation = "      ";

// The words of `text`, with "q = 3.5e-13" kept as one: a value stays with
// what it is the value of.
std::vector<std::string> wrap_units(const std::string& text) {
  std::vector<std::string> words;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    words.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  std::vector<std::string> units;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "=" && !units.empty() && i + 1 < words.size()) {
      units.back() += " = " + words[++i];
      continue;
    }
    units.push_back(words[i]);
  }
  return units;
}

void print_wrapped(std::ostream& out, const std::string& first, const std::string& text) {
  std::string line = first;
  bool fresh = true;  // nothing on this line yet
  for (const std::string& unit : wrap_units(text)) {
    if (!fresh && display_width(line) + 1 + display_width(unit) > kWrapColumns) {
      out << line << '\n';
      line = kContinuation;
    } else if (!fresh) {
      line += ' ';
    }
    line += unit;
    fresh = false;
  }
  out << line << '\n';
}

// One line a figure: name, value with unit, and the formula it came from.
void print_figures(std::ostream& out, const std::vector<DerivedFigure>& figures) {
  if (figures.empty()) return;
  std::size_t name_width = 0, value_width = 0;
  for (const DerivedFigure& f : figures) {
    name_width = std::max(name_width, display_width(printable_name(f.name)));
    value_width = std::max(value_width, display_width(format_figure_value(f)));
  }
  out << "\nDerived figures:\n";
  for (const DerivedFigure& f : figures)
    out << "  " << pad(printable_name(f.name), name_width, false) << "  "
        << pad(format_figure_value(f), value_width, false) << "  = " << one_line(f.formula) << '\n';
}

}  // namespace

// Most important first (the explain stage's order): headline, then the
// evidence and the hint indented under it.
void print_suggestions(std::ostream& out, const std::vector<Suggestion>& suggestions) {
  if (suggestions.empty()) return;
  out << "\nSuggestions:\n";
  for (const Suggestion& s : suggestions) {
    out << "  " << one_line(suggestion_headline(s)) << '\n';
    if (!s.benchmark.empty()) out << "      case:     " << printable_name(s.benchmark) << '\n';
    out << "      evidence: " << one_line(s.evidence) << '\n' << "      hint:     " << one_line(s.hint) << '\n';
  }
}

void print_comparison_table(std::ostream& out, const Comparison& comparison, std::optional<int> exit_code) {
  // Names, origins and reasons come from results files: escaped, so that
  // none can end a line or move the cursor (a forged "perfgate: PASS").
  // The reference's device where it has one (no reference has none: no "()").
  const std::string& device = comparison.baseline.device.slug;
  out << "\nperfgate: suite " << quote_text(comparison.suite) << " against " << one_line(reference_text(comparison))
      << (device.empty() ? std::string() : " (" + one_line(device) + ")") << ", " << judged_by_text(comparison) << "\n";
  const auto rows_in_order = in_report_order(comparison);
  if (!rows_in_order.empty()) {
    std::vector<Row> rows = {{"Benchmark", "Baseline", "Current", "Change",
                              confidence_label(comparison.settings.confidence) + " CI (ratio)", "q", "Verdict"}};
    std::vector<std::vector<std::string>> below = {{}};
    std::vector<Verdict> verdicts;
    for (const auto* b : rows_in_order) {
      rows.push_back(make_row(*b));
      below.push_back(kernel_lines(*b));
      verdicts.push_back(b->verdict);
    }
    print_rows(out, rows, below, color_wanted(out) ? verdicts : std::vector<Verdict>{});
  }
  bool header = false;
  std::map<std::string, std::size_t> skip_reasons;  // said once each, not once per case
  for (const auto* b : rows_in_order) {
    if (b->verdict == Verdict::no_change) continue;
    if (!header) out << "\nWhy:\n";
    header = true;
    if (b->verdict == Verdict::skipped) ++skip_reasons[b->reason];
    else print_wrapped(out, "  " + printable_name(b->name) + ": ", one_line(b->reason));
  }
  for (const auto& [reason, count] : skip_reasons) out << "  " << count << " SKIPPED: " << printable_name(reason) << '\n';
  print_figures(out, comparison.figures);
  print_suggestions(out, comparison.suggestions);
  if (auto shift = environment_shift_line(comparison)) out << '\n' << one_line(*shift) << '\n';
  if (auto throttled = throttling_line(comparison)) out << '\n' << one_line(*throttled) << '\n';
  if (auto sight = sight_line(comparison)) out << '\n' << one_line(*sight) << '\n';
  if (!comparison.comparable)
    out << "\nINCOMPARABLE: " << one_line(comparison.incomparable_reason) << "; record a baseline for "
        << one_line(comparison.current.device.slug) << " with `perfgate baseline update`.\n";
  for (const auto& note : comparison.notes) out << "Note: " << one_line(note) << '\n';
  if (const std::string why = not_gated_reason(comparison); exit_code && !why.empty() &&
                                                            gate_status(comparison, *exit_code) == GateStatus::not_gated)
    out << "\nNOT GATED: " << one_line(why) << '\n';
  out << "\nperfgate: " << summary_line(comparison, exit_code) << '\n';
}

}  // namespace perfgate
