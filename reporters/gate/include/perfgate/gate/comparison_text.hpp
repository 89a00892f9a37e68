#pragma once
// How a comparison is said in text: numbers as every report prints them and
// the gate's sentences (summary, environment shift, throttling), the same in
// the console, Markdown, HTML, JUnit and the comparison file.

#include <cstddef>
#include <map>
#include <optional>
#include <string>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/gate/gate_status.hpp"
#include "perfgate/model/time_text.hpp"  // format_seconds: "812 ns", "12.3 µs", "4.56 ms", "1.20 s"

namespace perfgate {

// The change of a ratio in percent with a sign: 1.0234 -> "+2.34%".
std::string format_change(double ratio);

// A derived figure's value with its unit, three significant digits: "2.41x",
// "87.3%", "1234 calls"; "n/a (why)" when it has no value.
std::string format_figure_value(const DerivedFigure& figure);

// "[high] faster-precision: <expected gain>": a suggestion's head line; an
// expected speed-up that was not measured starts with "estimate: ".
std::string suggestion_headline(const Suggestion& suggestion);
// The suggestions about one benchmark, in report order.
std::vector<const Suggestion*> suggestions_for(const Comparison& comparison, const std::string& benchmark);

// A kernel's launches per iteration: "1 call/iter", "0.5 calls/iter", and
// "1 -> 2 calls/iter" when the count changed.
std::string format_kernel_calls(const KernelComparison& kernel);

// A kernel comparison's numbers on one line, the name and verdict left to
// the caller: "900 µs -> 1.20 ms (+33.33%), 1 call/iter" (the change from the
// tested samples, else from the medians); "50.0 µs, 1 call/iter" for a
// kernel on one side only.
std::string kernel_numbers(const KernelComparison& kernel);
// The kernel's counts that moved by more than kKernelCountChangePct, a call
// of the case's work: "dram bytes read +12.0%, l2 bytes +11.9%"; "" when none.
std::string kernel_count_changes(const KernelComparison& kernel);

// The change a kernel comparison reports: the evidence's ratio, else the
// ratio of the medians; nullopt without both.
std::optional<double> kernel_ratio(const KernelComparison& kernel);

// "[0.981, 1.02]" for an available interval, "n/a" otherwise.
std::string format_interval(const Evidence& evidence);
// "99%": the level of the ratio's interval, as column headings print it.
std::string confidence_label(double confidence);

// A p- or q-value: "3.1e-05", "0.42".
std::string format_probability(double p);

// A report row's change columns: the time's change, interval and q; where
// the counts made the verdict, the instructions' change ("+2.00%
// instructions") and "-" for the interval and q, which counts do not have
// (the reason says what the time did).  "-" without evidence.
struct ChangeCells {
  std::string change, interval, q;
};
ChangeCells change_cells(const BenchmarkComparison& b);

// "REGRESSION", "REGRESSION (confirmed)", "INCONCLUSIVE (not reproduced)",
// "SKIPPED", with " [ignored]" for benchmarks the gate ignores and " (counted)"
// where the counted instructions made the verdict.
std::string verdict_label(const BenchmarkComparison& b);

// "PASS (exit 0)", "FAIL (exit 1)", "NOT GATED (exit 0)", "SKIPPED (exit 77)",
// "ERROR (exit 2)": the status (gate_status.hpp) with the exit code.
std::string status_text(GateStatus status, int exit_code);
std::string status_text(const Comparison& comparison, int exit_code);

// "1 REGRESSION, 6 NO_CHANGE, 17 SKIPPED" in report order; "no benchmarks".
std::string verdict_counts_text(const std::map<Verdict, std::size_t>& counts);

// One sentence for a run: "FAIL (exit 1): 1 REGRESSION, 6 NO_CHANGE", with how
// many cases were gated when not all were ("PASS (exit 0): 5 of 8 cases
// gated: ...", "NOT GATED (exit 0): 0 of 12 cases gated: 12 INCOMPARABLE");
// without an exit code (a review, not a gate) just the counts; a gate whose
// median case could not see a change of its threshold's size ends with
// "; could not see changes below 34%".
std::string summary_line(const Comparison& comparison, std::optional<int> exit_code);

// What the run was judged against, as every headline names it after
// "against": the reference's name (reference.hpp), else the baseline's
// origin (a comparison made without one).
std::string reference_text(const Comparison& comparison);

// "LIMITED SIGHT: could not see changes below 34% (...): <remedy>" when the
// gate's intervals were wider than its threshold (detectable_slowdown.hpp);
// nullopt when every gated case could see its threshold.
std::optional<std::string> sight_line(const Comparison& comparison);

// Which perfgate judged, for every report's footer or header: "judged by
// perfgate 0.1.0", "judged by perfgate 0.1.0 and 0.2.0" for a run whose
// comparisons differ, "judged by perfgate (version unknown)" when no
// comparison says (a file from before the version was kept).  Versions come
// from files: made printable, in the order given, each once.
std::string judged_by_text(const std::vector<std::string>& versions);
std::string judged_by_text(const Comparison& comparison);

// The environment-shift warning, or nullopt.
// A name as quote_text() makes it (one line, control characters escaped,
// long ones shortened), without the quotes.
std::string printable_name(const std::string& name);

std::optional<std::string> environment_shift_line(const Comparison& comparison);

// "THROTTLED: 7 repetitions ran with the SM clock below 75% of its maximum
// and were left out of the gate's samples (gemm/bf16/8192: 4, ...)", for
// the current run (and its re-measurement); nothing when none throttled.
std::optional<std::string> throttling_line(const Comparison& comparison);

}  // namespace perfgate
