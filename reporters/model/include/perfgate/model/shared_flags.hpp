#pragma once
// The flags every front end shares (issue 26: declared once): the suite
// binary takes them as --perfgate_<suite> (and PERFGATE_<SUITE>), the
// perfgate commands as <cli>; both show the same help.  Gate options have
// their table in compare/gate_options.hpp, report writers theirs in
// writers/report_writers.hpp.

namespace perfgate {

struct SharedFlag {
  const char* suite;  // "history": --perfgate_history, PERFGATE_HISTORY
  const char* cli;    // "--history"
  const char* help;
};

// What a case is judged by where both sides were counted (gate_measure.hpp;
// parse_gate_measure checks it).
inline constexpr SharedFlag kGateMeasureFlag{
    "gate_measure", "--gate-measure",
    "time|counts|both: what a case is judged by where both sides were counted (--perfgate_instructions): its time, its "
    "counted instructions a timed iteration, or both, failing when either regresses (default both; a baseline's "
    "gate.measure sets one case's)"};

// Where the run's history is: each case's run-to-run spread comes from it,
// and the run is recorded there (sql::parse_database_url reads it).
inline constexpr SharedFlag kHistoryFlag{
    "history", "--history",
    "URL: a run history (an SQLite file or a postgresql:// URL): each case's run-to-run spread comes from its recent "
    "runs on this testbed, and the run is recorded there"};

// How the run is recorded (run_kind.hpp checks it).
inline constexpr SharedFlag kHistoryKindFlag{
    "history_kind", "--history-kind", "main|pr|ab: how the run is recorded (only main runs form the trend; default main)"};

// The run's place in the main line, by which the history orders runs
// (main_options.cpp and run_command.cpp check it; source_info.hpp derives "git").
inline constexpr SharedFlag kHistoryOrdinalFlag{
    "history_ordinal", "--ordinal",
    "N|git: the commit's place in the main line, which orders the history's runs by commit (git: `git rev-list "
    "--count` of the run's commit in the source checkout; refused in a shallow clone); default none: "
    "runs without one follow those with one, by date"};

// How many of the testbed's latest main-line runs make the reference of a
// suite with no baseline of its own device (history/reference_runs.hpp).
inline constexpr SharedFlag kHistoryRunsFlag{
    "history_runs", "--history-runs",
    "K: a suite with no baseline of this device is gated against its last K main runs on this testbed in the "
    "history, when it holds K (default 5); fewer: NOT GATED, with the count"};
inline constexpr int kDefaultHistoryRuns = 5;

// Suggestion rules switched off (suggest/rules.hpp checks the names).
inline constexpr SharedFlag kSuggestDisableFlag{
    "suggest_disable", "--suggest-disable", "RULE,RULE: suggestion rules to switch off (`perfgate suggest --list` names them)"};

}  // namespace perfgate
