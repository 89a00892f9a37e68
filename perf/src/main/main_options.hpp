#pragma once
// The --perfgate_* flags of a suite binary (perfgate::main_options, which
// perfgate::main links): how to measure, and the gate's settings, whose
// table (perfgate/gate/gate_options.hpp) `perfgate compare` reads too;
// so the measuring library, perfgate::runtime, does not link the gate.
// Everything else goes to Google Benchmark.  Each flag also reads an environment variable of the same name
// in upper case (PERFGATE_BASELINE, ...); the command line wins.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/gate/gate_settings.hpp"
#include "perfgate/model/shared_flags.hpp"
#include "perfgate/reports/report_files.hpp"

namespace perfgate {

enum class RunMode {
  gate,    // measure, compare with the baseline, report, exit 0/1/2/77
  record,  // measure and write results (what `perfgate baseline update` runs)
  smoke,   // run every case once, no gating: do the cases still work?
};

struct MainOptions {
  RunMode mode = RunMode::gate;
  std::filesystem::path baseline;      // --perfgate_baseline=FILE
  std::filesystem::path baseline_dir;  // --perfgate_baseline_dir=DIR: DIR/<device-slug>/<suite>.json
  std::filesystem::path out_dir;       // --perfgate_out_dir=DIR: default for the results and reports
  std::filesystem::path results;       // --perfgate_results=FILE
  ReportPaths reports;                 // --perfgate_<writer flag>=FILE: --perfgate_json, _junit, _markdown
  std::string suite;                   // --perfgate_suite=NAME (default: from the build)
  GateSettings gate;                   // --perfgate_threshold, _fdr, _min_samples, _noise_multiplier
  bool confirm = true;                 // --perfgate_confirm=true|false
  int confirm_repetitions = 0;         // --perfgate_confirm_repetitions=N: a round's (0: twice the run's)
  int remeasure_repetitions = 0;       // --perfgate_remeasure_repetitions=N: a case's over all rounds (0: three rounds)
  double remeasure_seconds = 300.0;    // --perfgate_remeasure_seconds=S: the rounds after the first
  double round_deadline_floor = 60.0;  // --perfgate_round_deadline_floor=S: a round's deadline is at least this
  std::filesystem::path trace_dir;     // --perfgate_trace=DIR: traced pass, Chrome traces in DIR
  bool count_instructions = false;     // --perfgate_instructions: the counted pass under callgrind (count_pass.hpp)
  // --perfgate_instructions=auto: counted where this suite can be (a host
  // suite, valgrind here), else one line and times only (perfgate run
  // --instructions over suites of both kinds).
  bool count_where_possible = false;
  std::string history;                 // --perfgate_history=URL: spreads from it, the run recorded in it
  std::string history_kind = "main";   // --perfgate_history_kind=main|pr|ab
  std::string history_ordinal;         // --perfgate_history_ordinal=N|git: the run's place in the main line; "" none
  int history_runs = kDefaultHistoryRuns;  // --perfgate_history_runs=K: the history reference's runs
  // --perfgate_promote_hint=false: a record run does not name the promote
  // command (perfgate baseline update and ab record rounds into temporary
  // files they delete; naming one would point at a file that is gone).
  bool promote_hint = true;
  std::string suggest_disable;         // --perfgate_suggest_disable=RULE,RULE: suggestion rules switched off
  bool help = false;                   // --perfgate_help

  // Google Benchmark flags that perfgate reads or supplies.
  int repetitions = 10;                // from --benchmark_repetitions, else 10
  bool display_aggregates_only = false;
  std::string display_format = "console";
  std::string color = "auto";
  bool counters_tabular = false;
};

// Reads the --perfgate_* flags, removes them from argv, and rewrites the
// Google Benchmark flags perfgate depends on (repetitions and random
// interleaving defaults; aggregates-only display handled by perfgate, since
// it needs every repetition).  Throws InputError for an unknown --perfgate_
// flag or a bad value.
MainOptions parse_main_options(std::vector<std::string>& args);

// The flags, for --perfgate_help.
std::string main_options_help();

const char* to_string(RunMode mode);

}  // namespace perfgate
