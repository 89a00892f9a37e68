#include "perfgate/reports/markdown_fit.hpp"

#include <algorithm>
#include <numeric>

namespace perfgate {
namespace {

struct LeftOut {
  std::size_t tables = 0;
  std::size_t sections = 0;
  bool cut = false;
  bool any() const { return tables > 0 || sections > 0 || cut; }
};

std::string counted(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// "> **Note:** 7 tables and 2 other sections left out to fit 60,000 bytes;
// the full report is in the artifact."
std::string note(const LeftOut& left, std::size_t max_bytes) {
  if (!left.any()) return {};
  std::string what;
  if (left.tables > 0) what = counted(left.tables, "table", "tables");
  if (left.sections > 0)
    what += (what.empty() ? "" : " and ") +
            counted(left.sections, left.tables > 0 ? "other section" : "section", left.tables > 0 ? "other sections" : "sections");
  if (!what.empty()) what += " left out";
  if (left.cut) what += what.empty() ? "the end cut" : " and the end cut";
  return "> **Note:** " + what + " to fit " + with_thousands(max_bytes) + " bytes; the full report is in the artifact.\n\n";
}

std::size_t total_size(const std::vector<MarkdownPart>& parts) {
  return std::accumulate(parts.begin(), parts.end(), std::size_t{0},
                         [](std::size_t sum, const MarkdownPart& p) { return sum + p.text.size(); });
}

// Indices of the parts of `kind`, the one that frees the most room first.
std::vector<std::size_t> by_saving(const std::vector<MarkdownPart>& parts, MarkdownPart::Kind kind) {
  std::vector<std::size_t> found;
  for (std::size_t i = 0; i < parts.size(); ++i)
    if (parts[i].kind == kind && parts[i].text.size() > parts[i].reduced.size()) found.push_back(i);
  const auto saving = [&](std::size_t i) { return parts[i].text.size() - parts[i].reduced.size(); };
  std::stable_sort(found.begin(), found.end(), [&](std::size_t a, std::size_t b) { return saving(a) > saving(b); });
  return found;
}

// Shrinks parts of `kind` to their reduced form until the whole fits.
void shrink(std::vector<MarkdownPart>& parts, MarkdownPart::Kind kind, std::size_t& counter, LeftOut& left,
            std::size_t max_bytes) {
  for (std::size_t i : by_saving(parts, kind)) {
    if (total_size(parts) + note(left, max_bytes).size() <= max_bytes) return;
    parts[i].text = kind == MarkdownPart::Kind::folded_table ? std::string() : parts[i].reduced;
    ++counter;
  }
}

std::string joined(const std::vector<MarkdownPart>& parts, const std::string& note_text, std::size_t note_after) {
  std::string text;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    text += parts[i].text;
    if (i == note_after) text += note_text;
  }
  return text;
}

// `text` cut at the last line end that leaves room for the marker, or at a
// UTF-8 character boundary when there is no line end to cut at.
std::string cut(const std::string& text, std::size_t max_bytes) {
  const std::string marker = "\n… (cut to fit)\n";
  if (max_bytes <= marker.size()) return {};
  std::size_t keep = max_bytes - marker.size();
  if (const std::size_t line_end = text.rfind('\n', keep - 1); line_end != std::string::npos && line_end > 0) {
    keep = line_end;
  } else {
    while (keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80) --keep;
  }
  return text.substr(0, keep) + marker;
}

}  // namespace

std::string with_thousands(std::size_t value) {
  const std::string digits = std::to_string(value);
  std::string text;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

std::string fit_markdown(std::vector<MarkdownPart> parts, std::size_t max_bytes, std::size_t note_after) {
  LeftOut left;
  shrink(parts, MarkdownPart::Kind::folded_table, left.tables, left, max_bytes);
  shrink(parts, MarkdownPart::Kind::detail, left.sections, left, max_bytes);
  std::string text = joined(parts, note(left, max_bytes), note_after);
  if (text.size() <= max_bytes) return text;
  left.cut = true;  // the headlines and regressions alone are too long
  return cut(joined(parts, note(left, max_bytes), note_after), max_bytes);
}

}  // namespace perfgate
