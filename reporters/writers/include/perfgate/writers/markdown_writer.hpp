#pragma once

#include <string>

#include "perfgate/compare/comparison.hpp"

namespace perfgate {

// A summary for a CI job page or a merge-request comment: status line,
// environment-shift warning, the rows that need attention, the kernel
// changes of each case that has some ("Kernels"), then every row in a
// collapsed table.
std::string comparison_to_markdown(const Comparison& comparison, int exit_code);

// `text` safe inside a Markdown table cell: one line, with the characters
// Markdown or HTML would interpret escaped.
std::string markdown_cell(const std::string& text);

// `text` as one inline code span, whatever backticks it holds.
std::string markdown_code(const std::string& text);

}  // namespace perfgate
