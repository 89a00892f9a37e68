#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/gate/gate_status.hpp"
#include "perfgate/reports/markdown_fit.hpp"

namespace perfgate {

// A summary for a CI job page or a merge-request comment: status line,
// environment-shift warning, the rows that need attention, the kernel
// changes of each case that has some ("Kernels"), then every row in a
// collapsed table, and a footer naming the perfgate that judged; at most
// `max_bytes` long (markdown_fit.hpp says what goes first).  A suite whose every case was skipped is one line: its
// status, its count and why.
std::string comparison_to_markdown(const Comparison& comparison, int exit_code,
                                   std::size_t max_bytes = kMarkdownMaxBytes);

// That summary as parts for fit_markdown(), the headline first: the
// whole-run summary (run_markdown.hpp) is made of them.
std::vector<MarkdownPart> comparison_markdown_parts(const Comparison& comparison, int exit_code);

// The last line of a summary: "<sub>judged by perfgate 0.1.0</sub>"
// (`judged_by` from judged_by_text(), gate/comparison_text.hpp).
std::string markdown_footer(const std::string& judged_by);

// Why the skipped cases did not run: the one reason, or the most common
// few with their counts ("no CUDA device: ... (30); needs sm_89 (6)").
std::string skip_reasons(const Comparison& comparison);

// "✅" PASS, "❌" FAIL, "⚪" NOT GATED, "⏭️" SKIPPED (every case), "⚠️" ERROR.
const char* markdown_status_mark(GateStatus status);

// `text` safe inside a Markdown table cell: one line, with the characters
// Markdown or HTML would interpret escaped.
std::string markdown_cell(const std::string& text);

// `text` as one inline code span, whatever backticks it holds: no escapes
// inside (CommonMark does not process them there), a longer fence instead.
std::string markdown_code(const std::string& text);

}  // namespace perfgate
