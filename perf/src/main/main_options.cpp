#include "main/main_options.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <map>

#include "perfgate/model/run_kind.hpp"
#include "perfgate/model/shared_flags.hpp"
#include "perfgate/gate/gate_options.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/model/suite_name.hpp"

namespace perfgate {
namespace {

constexpr std::string_view kPrefix = "--perfgate_";

// The most repetitions a run or a re-measurement round takes (perfgate ab
// and perfgate baseline update's --repetitions allow as many): 2^31 - 1
// once ended a round in "internal error: std::bad_alloc".
constexpr int kMaxRepetitions = 100000;
// The most repetitions a case gets over all re-measurement rounds.
constexpr int kMaxRemeasureRepetitions = 1000000;
// The most main runs the history reference pools (perfgate run's --history-runs too).
constexpr int kMaxHistoryRuns = 1000;
// The re-measurement budget's ceiling (perfgate ab's --remeasure-seconds too).
constexpr double kMaxBudgetSeconds = 1e9;

// `name` is how the message names the flag (--perfgate_x or an environment variable).
int parse_whole(const std::string& name, const std::string& value, int minimum, int maximum) {
  try {
    std::size_t used = 0;
    const int v = std::stoi(value, &used);
    if (used == value.size() && v >= minimum && v <= maximum) return v;
  } catch (const std::exception&) {
  }
  throw InputError(name + "=" + value + ": expected a whole number from " + std::to_string(minimum) + " to " +
                   std::to_string(maximum));
}

int parse_count(const std::string& flag, const std::string& value, int minimum, int maximum) {
  return parse_whole("--perfgate_" + flag, value, minimum, maximum);
}

// NaN, infinities and negative times refused: a NaN budget compares false
// with everything, so it switched the budget off.
double parse_seconds(const std::string& flag, const std::string& value, double minimum, double maximum) {
  try {
    std::size_t used = 0;
    const double v = std::stod(value, &used);
    if (used == value.size() && std::isfinite(v) && v >= minimum && v <= maximum) return v;
  } catch (const std::exception&) {
  }
  char range[64];
  std::snprintf(range, sizeof range, "from %g to %g", minimum, maximum);
  throw InputError("--perfgate_" + flag + "=" + value + ": expected a number of seconds " + range);
}

bool parse_bool(const std::string& flag, const std::string& value) {
  if (value.empty() || value == "true" || value == "1" || value == "yes") return true;
  if (value == "false" || value == "0" || value == "no") return false;
  throw InputError("--perfgate_" + flag + "=" + value + ": expected true or false");
}

RunMode parse_mode(const std::string& value) {
  if (value == "gate") return RunMode::gate;
  if (value == "record") return RunMode::record;
  if (value == "smoke") return RunMode::smoke;
  throw InputError("--perfgate_mode=" + value + ": expected gate, record or smoke");
}

std::string parse_history_kind(const std::string& value) {
  require_run_kind(value, "--perfgate_history_kind");
  return value;
}

// A number or "git" (resolved before measuring, main_line_ordinal).
GateMeasure parse_measure(const std::string& value) {
  if (const auto measure = parse_gate_measure(value)) return *measure;
  throw InputError(std::string("--perfgate_") + kGateMeasureFlag.suite + "=" + value + ": expected time, counts or both");
}

std::string parse_history_ordinal(const std::string& value) {
  if (value == "git") return value;
  parse_whole("--perfgate_history_ordinal", value, 0, std::numeric_limits<int>::max());
  return value;
}

// The name becomes <suite>.results.json and the baseline's file name: it may
// not leave those folders (from the environment of a shared machine, say).
std::string checked_suite(const std::string& value) {
  require_suite_name(value, "--perfgate_suite");
  return value;
}

using Setter = std::function<void(MainOptions&, const std::string&)>;

const std::map<std::string, std::pair<Setter, std::string>>& flag_table() {
  static std::map<std::string, std::pair<Setter, std::string>> table = {
      {"mode", {[](MainOptions& o, const std::string& v) { o.mode = parse_mode(v); },
                "gate|record|smoke: compare with a baseline (default), only write results, or run each case once"}},
      {"baseline", {[](MainOptions& o, const std::string& v) { o.baseline = v; }, "FILE: the baseline to gate against"}},
      {"baseline_dir", {[](MainOptions& o, const std::string& v) { o.baseline_dir = v; },
                        "DIR: use DIR/<device-slug>/<suite>.json"}},
      {"out_dir", {[](MainOptions& o, const std::string& v) { o.out_dir = v; },
                   "DIR: write <suite>.results.json and every report (<suite>.comparison.json, .junit.xml, .md) there"}},
      {"results", {[](MainOptions& o, const std::string& v) { o.results = v; }, "FILE: results JSON of this run"}},
      {"suite", {[](MainOptions& o, const std::string& v) { o.suite = checked_suite(v); },
                 "NAME: the suite's name in reports and file names (letters, digits, '_', '.', '-')"}},
      {"confirm", {[](MainOptions& o, const std::string& v) { o.confirm = parse_bool("confirm", v); },
                   "true|false: re-measure suspected regressions before they fail the gate (default true)"}},
      {"confirm_repetitions", {[](MainOptions& o, const std::string& v) { o.confirm_repetitions = parse_count("confirm_repetitions", v, 2, kMaxRepetitions); },
                               "N: repetitions of each re-measurement round (default: twice the run's)"}},
      {"remeasure_repetitions", {[](MainOptions& o, const std::string& v) { o.remeasure_repetitions = parse_count("remeasure_repetitions", v, 2, kMaxRemeasureRepetitions); },
                                 "N: the most repetitions an open case (a suspected regression, an undecided slowdown) gets "
                                 "over all re-measurement rounds (default: three rounds)"}},
      {"remeasure_seconds", {[](MainOptions& o, const std::string& v) { o.remeasure_seconds = parse_seconds("remeasure_seconds", v, 0.0, kMaxBudgetSeconds); },
                             "S: wall time for the re-measurement rounds after the first; a round starts only if it is "
                             "expected to end within it (default 300)"}},
      {"round_deadline_floor", {[](MainOptions& o, const std::string& v) { o.round_deadline_floor = parse_seconds("round_deadline_floor", v, 0.1, kMaxBudgetSeconds); },
                                "S: a re-measurement round is killed (with its process group) past the larger of S and "
                                "10 x the time its cases measured in the run, scaled to the round's repetitions; its cases "
                                "stay as they stood (default 60)"}},
      {kSuggestDisableFlag.suite, {[](MainOptions& o, const std::string& v) { o.suggest_disable = v; },
                                   kSuggestDisableFlag.help}},
      {"trace", {[](MainOptions& o, const std::string& v) { o.trace_dir = v; },
                 "DIR: after the timed run, an untimed pass of each GPU case under CUPTI: a Chrome trace per case "
                 "in DIR (Perfetto opens it) and a per-kernel summary in the results"}},
      {"instructions", {[](MainOptions& o, const std::string& v) {
                          o.count_where_possible = v == "auto";
                          o.count_instructions = o.count_where_possible || parse_bool("instructions", v);
                        },
                        "true|false|auto: after the timed run, a counted pass of each host case under valgrind's callgrind "
                        "adds its instructions, simulated cache misses and branch mispredictions a timed iteration to "
                        "its counters, which the gate judges (see --perfgate_gate_measure); auto: where this suite can be "
                        "counted, else one line and times only (default false; needs valgrind)"}},
      {kHistoryFlag.suite, {[](MainOptions& o, const std::string& v) { o.history = v; }, kHistoryFlag.help}},
      {kHistoryKindFlag.suite, {[](MainOptions& o, const std::string& v) { o.history_kind = parse_history_kind(v); },
                                kHistoryKindFlag.help}},
      {kHistoryOrdinalFlag.suite, {[](MainOptions& o, const std::string& v) { o.history_ordinal = parse_history_ordinal(v); },
                                   kHistoryOrdinalFlag.help}},
      {kHistoryRunsFlag.suite, {[](MainOptions& o, const std::string& v) { o.history_runs = parse_count(kHistoryRunsFlag.suite, v, 1, kMaxHistoryRuns); },
                                kHistoryRunsFlag.help}},
      {"promote_hint", {[](MainOptions& o, const std::string& v) { o.promote_hint = parse_bool("promote_hint", v); },
                        "true|false: after a record run, name the command that makes its results the baseline "
                        "(default true; perfgate baseline update and ab, whose rounds are temporary, turn it off)"}},
      {kGateMeasureFlag.suite, {[](MainOptions& o, const std::string& v) { o.gate.measure = parse_measure(v); },
                                kGateMeasureFlag.help}},
      {"require_gated", {[](MainOptions& o, const std::string& v) { o.gate.require_gated = parse_bool("require_gated", v); },
                         "true|false: a run that judges no case against a baseline of this device (NOT GATED) exits 2, "
                         "not 0 (default false)"}},
      {"help", {[](MainOptions& o, const std::string& v) { o.help = parse_bool("help", v); }, "print this help"}},
  };
  static const bool with_report_flags = [] {
    // One flag per report writer, from the table `perfgate compare` reads too.
    for (const ReportWriter& w : report_writers())
      table.emplace(w.flag, std::pair<Setter, std::string>{[&w](MainOptions& o, const std::string& v) { o.reports[w.flag] = v; },
                                                           std::string("FILE: ") + w.help});
    return true;
  }();
  (void)with_report_flags;
  static const bool with_gate_options = [] {
    // The gate's options come from the table `perfgate compare` reads too.
    for (const GateOption& g : gate_options())
      table.emplace(g.name, std::pair<Setter, std::string>{[&g](MainOptions& o, const std::string& v) {
                                                            set_gate_option(g, std::string(kPrefix) + g.name, v, o.gate);
                                                          },
                                                          g.help});
    return true;
  }();
  (void)with_gate_options;
  return table;
}

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

void apply(MainOptions& options, const std::string& name, const std::string& value, const std::string& origin) {
  const auto& table = flag_table();
  const auto it = table.find(name);
  if (it == table.end()) throw InputError(origin + ": unknown flag --perfgate_" + name + " (see --perfgate_help)");
  it->second.first(options, value);
}

bool starts_with(const std::string& text, std::string_view prefix) { return text.rfind(prefix, 0) == 0; }

// "--name=value" -> value; "--name" -> "".
std::string value_of(const std::string& arg) {
  const std::size_t eq = arg.find('=');
  return eq == std::string::npos ? std::string() : arg.substr(eq + 1);
}

bool boolean_flag(const std::string& arg) {
  const std::string v = value_of(arg);
  return arg.find('=') == std::string::npos || v == "true" || v == "1" || v == "yes";
}

}  // namespace

const char* to_string(RunMode mode) {
  switch (mode) {
    case RunMode::gate: return "gate";
    case RunMode::record: return "record";
    case RunMode::smoke: return "smoke";
  }
  return "gate";
}

MainOptions parse_main_options(std::vector<std::string>& args) {
  MainOptions options;
  for (const auto& [name, entry] : flag_table())
    if (const char* env = std::getenv(("PERFGATE_" + upper(name)).c_str()); env && *env)
      apply(options, name, env, "PERFGATE_" + upper(name));

  bool repetitions_given = std::getenv("BENCHMARK_REPETITIONS") != nullptr;
  bool display_given = false;
  for (const char* variable : {"BENCHMARK_DISPLAY_AGGREGATES_ONLY", "BENCHMARK_REPORT_AGGREGATES_ONLY"})
    if (const char* env = std::getenv(variable)) {
      options.display_aggregates_only = boolean_flag(std::string("--x=") + env);
      display_given = true;
    }
  bool interleaving_given = std::getenv("BENCHMARK_ENABLE_RANDOM_INTERLEAVING") != nullptr;
  // Read as Google Benchmark reads them, and range-checked: perfgate
  // doubles them for a re-measurement round.
  if (const char* env = std::getenv("BENCHMARK_REPETITIONS"))
    options.repetitions = parse_whole("BENCHMARK_REPETITIONS", env, 1, kMaxRepetitions);

  std::vector<std::string> kept;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (i > 0 && starts_with(arg, kPrefix)) {
      const std::string body = arg.substr(kPrefix.size());
      const std::size_t eq = body.find('=');
      apply(options, body.substr(0, eq), eq == std::string::npos ? "" : body.substr(eq + 1), arg);
      continue;
    }
    // perfgate needs every repetition, so it does the aggregates-only
    // filtering itself, on the display side only.
    if (starts_with(arg, "--benchmark_report_aggregates_only") || starts_with(arg, "--benchmark_display_aggregates_only")) {
      options.display_aggregates_only = boolean_flag(arg);
      display_given = true;
      continue;
    }
    if (starts_with(arg, "--benchmark_repetitions=")) {
      repetitions_given = true;
      options.repetitions = parse_whole("--benchmark_repetitions", value_of(arg), 1, kMaxRepetitions);
    }
    if (starts_with(arg, "--benchmark_enable_random_interleaving")) interleaving_given = true;
    if (starts_with(arg, "--benchmark_format=")) options.display_format = value_of(arg);
    if (starts_with(arg, "--benchmark_color")) options.color = arg.find('=') == std::string::npos ? "true" : value_of(arg);
    if (starts_with(arg, "--benchmark_counters_tabular")) options.counters_tabular = boolean_flag(arg);
    kept.push_back(arg);
  }
  if (options.mode == RunMode::smoke) {
    // Later flags win in Google Benchmark's parser.
    kept.push_back("--benchmark_repetitions=1");
    kept.push_back("--benchmark_min_time=0");
    options.repetitions = 1;
  } else {
    if (!repetitions_given) kept.push_back("--benchmark_repetitions=" + std::to_string(options.repetitions));
    if (!interleaving_given) kept.push_back("--benchmark_enable_random_interleaving=true");
  }
  if (options.repetitions < 1) throw InputError("--benchmark_repetitions must be at least 1");
  // A gate run's log is its verdict: each case's aggregate rows (mean,
  // median, stddev, cv), not a row a repetition, unless asked for.  One
  // repetition has no aggregates, so its row stays.
  if (!display_given) options.display_aggregates_only = options.mode == RunMode::gate && options.repetitions > 1;
  args = std::move(kept);
  return options;
}

std::string main_options_help() {
  std::string text = "perfgate flags (each also read from PERFGATE_<NAME>):\n";
  for (const auto& [name, entry] : flag_table()) {
    std::string flag = "  --perfgate_" + name;
    flag.resize(std::max<std::size_t>(flag.size() + 1, 34), ' ');
    text += flag + entry.second + "\n";
  }
  text += "Other flags go to Google Benchmark (--benchmark_filter, --benchmark_repetitions, ...;"
          " see --help).\n";
  return text;
}

}  // namespace perfgate
