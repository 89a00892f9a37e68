#pragma once
// The HTML report: one self-contained page (inline CSS, inline SVG, a small
// inline script for the filters, a Content-Security-Policy that lets no
// request leave), made for a person to read after a gate: the verdict on
// top, the regressions with their reasons and suggestions, a forest plot of
// every change with its interval and threshold, the sample distributions,
// a roofline, the batch-size curves, the kernels and the derived figures.

#include <string>

#include "perfgate/reports/report_input.hpp"

namespace perfgate {

// One suite's gate (the writer table's "html" row).  The plots that need
// samples or counters are left out, with a line saying why, when `input`
// has no results.
std::string comparison_to_html(const ReportInput& input);

// A whole gate run, several suites in one page (`perfgate report`), what
// needs a look first: ERROR and FAIL suites, then NOT GATED, then PASS
// (in_status_order(), run_status.hpp), the suite filter in the same order;
// a suite that ran nothing (SKIPPED) is one line at the end, with its count
// and its skip reasons, never its tables.
std::string run_to_html(const RunReport& run);

}  // namespace perfgate
