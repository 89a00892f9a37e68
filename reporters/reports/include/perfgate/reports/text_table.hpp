#pragma once
// Console tables: columns padded to their widest cell, measured in code
// points so "µs" lines up.  The comparison table and the `perfgate history`
// commands print through it.

#include <ostream>
#include <string>
#include <vector>

namespace perfgate {

// Display width of UTF-8 text: code points, not bytes ("µs" is 2 wide).
std::size_t display_width(const std::string& text);

// `text` padded with spaces to `width`, on the left when `right`.
std::string pad(const std::string& text, std::size_t width, bool right);

class TextTable {
 public:
  // `right_aligned[i]`: column i holds numbers (missing entries: left).
  explicit TextTable(std::vector<std::string> header, std::vector<bool> right_aligned = {});
  void add(std::vector<std::string> row);
  // Header and rows, two spaces between columns, no trailing spaces.
  void print(std::ostream& out, const std::string& indent = "") const;

 private:
  std::vector<std::vector<std::string>> rows_;
  std::vector<bool> right_;
};

}  // namespace perfgate
