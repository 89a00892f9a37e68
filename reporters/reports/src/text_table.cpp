#include "perfgate/reports/text_table.hpp"

#include <algorithm>

namespace perfgate {

std::size_t display_width(const std::string& text) {
  std::size_t width = 0;
  for (unsigned char c : text) width += (c & 0xc0) != 0x80;
  return width;
}

std::string pad(const std::string& text, std::size_t width, bool right) {
  const std::size_t used = display_width(text);
  const std::string fill(width > used ? width - used : 0, ' ');
  return right ? fill + text : text + fill;
}

TextTable::TextTable(std::vector<std::string> header, std::vector<bool> right_aligned)
    : rows_{std::move(header)}, right_(std::move(right_aligned)) {}

void TextTable::add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }

void TextTable::print(std::ostream& out, const std::string& indent) const {
  std::vector<std::size_t> widths;
  for (const auto& row : rows_) {
    widths.resize(std::max(widths.size(), row.size()), 0);
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], display_width(row[i]));
  }
  for (const auto& row : rows_) {
    std::string line = indent;
    for (std::size_t i = 0; i < row.size(); ++i)
      line += pad(row[i], widths[i], i < right_.size() && right_[i]) + (i + 1 < row.size() ? "  " : "");
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  }
}

}  // namespace perfgate
