#pragma once
// Cases too thinly measured to be judged (fewer than min_samples on a side:
// 29 of the 34 real Google Benchmark files keep one sample a benchmark) whose
// slowdown still stands out from the rest of the suite: SUSPECT, never a
// failure, with the command that would judge them (issue 30).  The yardstick
// is the suite's own spread of changes across its benchmarks, since one
// sample says nothing about a case's own noise.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

// Cases with a median on both sides needed before a spread is believed.
inline constexpr std::size_t kMinCasesForSuiteSpread = 5;
// How many robust spreads above the suite's median change a SUSPECT is.
inline constexpr double kSuspectSpreads = 3.0;

// Marks BenchmarkComparison::suspect on each INCONCLUSIVE case with too few
// samples whose log change exceeds the median log change of every case with
// a median on both sides by more than kSuspectSpreads x their robust spread
// (1.4826 x MAD, at least settings.min_run_spread_pct), and whose change is
// beyond its threshold; its reason says so.  Nothing is marked with fewer
// than kMinCasesForSuiteSpread such cases.  Verdicts do not change.
void mark_suspect_changes(std::vector<BenchmarkComparison>& benchmarks, const GateSettings& settings);

// The SUSPECT note's words before its re-run command: the command is what
// follows the first ": " after them, to the note's end (the Markdown writer
// makes it a code span).
inline constexpr std::string_view kSuspectRerunPhrase = "to judge them, re-run them with repetitions";

// The run note for the SUSPECT cases, ending with the command that re-runs
// them with repetitions: the first word of `command` (the recorded command
// of the program that wrote the results, shell_words()) as the program,
// every word quoted (shell_command(): one text for every report, pasteable
// into sh); "the benchmark program" when it is not known.  nullopt when
// there are none.
std::optional<std::string> suspect_note(const std::vector<BenchmarkComparison>& benchmarks, const std::string& command);

}  // namespace perfgate
