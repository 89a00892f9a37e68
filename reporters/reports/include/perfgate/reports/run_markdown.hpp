#pragma once
// One Markdown summary of a whole gate run (ci/perf-gate.sh runs several
// suites), for a merge-request comment or a CI job summary.

#include <cstddef>
#include <string>

#include "perfgate/reports/report_input.hpp"

namespace perfgate {

// A run-wide headline (the worst exit code and the verdict counts over every
// suite), a table of the suites (those that ran before those that were
// skipped), each suite that ran with its own summary, then each suite that
// ran nothing as one line with its count and reason; at most `max_bytes`
// long (kMarkdownMaxBytes, markdown_fit.hpp, fits a GitHub comment): the
// headline and the regressions stay, the folded per-case tables go first,
// then other detail, and a note says what went.
std::string run_to_markdown(const RunReport& run, std::size_t max_bytes);

}  // namespace perfgate
