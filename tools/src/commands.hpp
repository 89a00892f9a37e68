#pragma once
// The perfgate program's sub-commands.  Each returns the process exit code
// (0, 1, 2 or 77 as in docs/design.md) and throws InputError/OutputError for
// the one-line errors that become exit 2.

#include <filesystem>
#include <string>
#include <vector>

#include "perfgate/gate/gate_settings.hpp"
#include "perfgate/history/ingest.hpp"
#include "perfgate/model/shared_flags.hpp"
#include "perfgate/stats/change_point.hpp"
#include "perfgate/reports/markdown_fit.hpp"
#include "perfgate/reports/run_markdown.hpp"
#include "perfgate/reports/report_files.hpp"

namespace perfgate::cli {

struct CompareOptions {
  std::filesystem::path baseline;
  std::filesystem::path current;
  std::string suite;                       // --suite: the suite's name (else the current file's)
  ReportPaths reports;                     // --json, --junit, --markdown (one per report writer)
  GateSettings gate;
  std::string suggest_disable;             // rule names, comma-separated
  std::filesystem::path baseline_dir = "baselines";  // where gpu_timing gives the launch floor
};
int run_compare(const CompareOptions& options);

// perfgate ab: two builds of one suite run alternately on this machine.
struct AbOptions {
  std::filesystem::path baseline_bin, candidate_bin;
  // Runs of each build in alternating order, and --benchmark_repetitions of
  // each run: many short rounds, since the round is what the machine's
  // moods vary by (10 x 2 found a 1.3x slowdown where 5 x 4 missed it:
  // docs/measurements.md, "Same-runner A/B").
  int rounds = 10;
  int repetitions = 2;
  // Undecided slowdowns get more alternating rounds (sequential_remeasure.hpp):
  // each look `rounds` more runs a side, up to this many repetitions a side
  // (0: two looks' worth) and this wall time.
  int remeasure_repetitions = 0;
  double remeasure_seconds = 300.0;
  std::vector<std::string> suite_args;     // passed to both builds (after --)
  std::string suite;                       // --suite: the suite's name (else the builds')
  bool instructions = false;               // --instructions, PERFGATE_INSTRUCTIONS: count both builds' work too
  ReportPaths reports;                     // --json, --junit, --markdown (one per report writer)
  // --out-dir: every report as <suite>.<ext> there (those not given), and
  // both sides' pooled results (<suite>.results.json, <suite>.reference.results.json).
  std::filesystem::path out_dir;
  GateSettings gate;
  std::string suggest_disable;             // rule names, comma-separated
  std::filesystem::path baseline_dir = "baselines";  // where gpu_timing gives the launch floor
};
int run_ab(const AbOptions& options);

// perfgate report: one page (and one summary) of a whole gate run from the
// comparison files its suites left.
struct ReportOptions {
  std::vector<std::filesystem::path> comparisons;  // <suite>.comparison.json, results beside them
  std::filesystem::path html;                      // --html FILE
  std::filesystem::path markdown;                  // --markdown FILE
  std::filesystem::path report_dir;                // --report-dir DIR: the run's folder, as `perfgate run` writes it
  std::filesystem::path shards;                    // --shards DIR: its sub-folders are the shards' report folders
  std::size_t expected_shards = 0;                 // --expected-shards N: fewer shard folders is a harness error
  std::size_t markdown_max_bytes = kMarkdownMaxBytes;  // a GitHub comment's size (markdown_fit.hpp)
  ReportLinks links;                               // --report-url, --dashboard-url: linked in the summaries
};
int run_report(const ReportOptions& options);

// perfgate comment: a pull request's comment body about a gate run.
struct CommentOptions {
  std::vector<std::filesystem::path> comparisons;  // <suite>.comparison.json, results beside them
  ReportLinks links;                               // --report-url, --dashboard-url: linked under the headline
  std::string id;                                  // --id: one comment per id in a pull request
  std::filesystem::path out;                       // --out FILE; default standard output
};
int run_comment(const CommentOptions& options);

// perfgate run: the main job (every gated suite through ctest, the reports
// in one folder, one exit code: 0, 1, 2 or 77).
struct RunOptions {
  std::filesystem::path build_dir;                 // default: the current folder
  std::vector<std::string> labels = {"perf"};      // ctest -L: a test with any of them
  std::string stride;                              // ctest -I (a shard)
  std::filesystem::path report_dir;                // default: <build>/perfgate-report
  std::string history;                             // --history, PERFGATE_HISTORY
  std::string history_kind = "main";               // --history-kind, PERFGATE_HISTORY_KIND
  int history_runs = kDefaultHistoryRuns;          // --history-runs, PERFGATE_HISTORY_RUNS
  std::string history_ordinal;                     // --ordinal N|git, PERFGATE_HISTORY_ORDINAL: the suites resolve git
  bool require_gated = false;                      // --require-gated, PERFGATE_REQUIRE_GATED: NOT GATED suites exit 2
  bool instructions = false;                       // --instructions, PERFGATE_INSTRUCTIONS: the counted pass where a suite can be counted
  // What the suites are judged against (reference/reference_choice.hpp):
  // --against REF|merge-base|baseline|stored (PERFGATE_AGAINST), else the default.
  std::string against;
  std::filesystem::path against_build;             // --against-build DIR: a reference built elsewhere
  bool dedicated_runner = false;                   // --dedicated-runner, PERFGATE_DEDICATED_RUNNER
  int rounds = 10;                                 // --rounds: alternating rounds a build against a reference build
  int repetitions = 2;                             // --repetitions: repetitions a round (AbOptions says why)
  std::vector<std::string> ctest_args;             // after --
  ReportLinks links;                               // --report-url, --dashboard-url: linked in summary.md
};
int run_main_job(const RunOptions& options);

// perfgate bisect: the first commit that carries a change of one case,
// each commit built and measured here against the good commit's build.
struct BisectOptions {
  std::filesystem::path build_dir;  // the build whose configuration every commit is built with; default: here
  std::string suite;                // --suite: the suite's name
  std::string benchmark;            // --case: the case's canonical name
  std::string good, bad;            // --good REV --bad REV; else the history's change
  std::string history;              // --history URL: the change to bisect, and where the answer is kept
  std::string testbed;              // --testbed: the history's series (and the testbed the answer names)
  std::string at;                   // --at COMMIT: the history's change at that commit (default: the newest)
  int rounds = 10;                  // alternating rounds a side, each step
  int repetitions = 2;              // repetitions a round
  std::filesystem::path json;       // --json FILE
};
int run_bisect(const BisectOptions& options);

struct SuggestCommandOptions {
  std::filesystem::path results;
  std::filesystem::path baseline;          // optional: explain regressions against it
  std::string disable;                     // rule names, comma-separated
  std::filesystem::path baseline_dir = "baselines";
  bool json = false;
  bool list = false;                       // list the rules and stop
};
int run_suggest(const SuggestCommandOptions& options);

struct BaselineUpdateOptions {
  std::filesystem::path build_dir;
  std::filesystem::path program;  // argv[0], to find the build tree
  std::vector<std::string> suites;
  std::string filter;
  int repetitions = 20;
  int rounds = 3;
  bool instructions = false;  // --instructions: the first round also counts each host case's work
  bool append = false;      // pool with the old baseline's rounds
  int keep_rounds = 8;
  bool force = false;
  bool dry_run = false;
  // --history URL (was --from-history): the baselines are the testbed's last `history_runs`
  // main runs in that history, each a round; nothing is measured.
  std::string from_history;
  std::string testbed;                          // --testbed: default, this machine's testbed of each suite
  int history_runs = kDefaultHistoryRuns;       // --runs K
  std::filesystem::path baseline_dir;           // --baseline-dir: default, the suite's from the build, else ./baselines
};
int run_baseline_update(const BaselineUpdateOptions& options);
int run_baseline_from_history(const BaselineUpdateOptions& options);  // --history

struct BaselinePromoteOptions {
  std::vector<std::filesystem::path> files;  // results of one suite on one device; each is a round
  std::filesystem::path baseline_dir;        // default: the suite's, from the build manifest
  std::filesystem::path program;
  bool append = false;
  int keep_rounds = 8;
  bool force = false;
  bool dry_run = false;
};
int run_baseline_promote(const BaselinePromoteOptions& options);

struct BaselineShowOptions {
  std::filesystem::path file;
  std::vector<std::string> suites;
  std::filesystem::path build_dir;
  std::filesystem::path program;
};
int run_baseline_show(const BaselineShowOptions& options);

struct DeviceOptions {
  bool json = false;
  bool calibrate = false;              // measure the ceilings, write <baseline_dir>/<slug>/device.json
  std::filesystem::path baseline_dir;  // default: the suites' (build manifest), else ./baselines
  std::filesystem::path build_dir;
  std::filesystem::path program;
  int gemm_size = 8192;
  int samples = 20;
  bool dry_run = false;                // --calibrate without writing
};
int run_device(const DeviceOptions& options);

// perfgate history: every run kept, on SQLite (default) or PostgreSQL.
struct HistoryIngestOptions {
  std::string db;                            // --history, PERFGATE_HISTORY, perfgate-history.sqlite
  std::vector<std::filesystem::path> files;  // results and comparison files
  history::IngestOptions ingest;             // --commit, --ordinal, --testbed, --kind
};
int run_history_ingest(const HistoryIngestOptions& options);

struct HistoryChangesOptions {
  std::string db;
  std::string benchmark_regex;
  std::string testbed;
  std::string since;                         // a date or a commit: only the changes after it
  std::filesystem::path json;
  double max_p_value = stats::ChangePointSettings{}.max_p_value;  // the change-point test's level
  bool full = false;                         // --full: recompute every series from its first run
  std::string fail_on;                       // "regression": exit 1 on a standing regression
};
int run_history_changes(const HistoryChangesOptions& options);

struct HistoryShowOptions {
  std::string db;
  std::string benchmark;
  std::string testbed;
  std::string since;
  std::string kind = "main";
};
int run_history_show(const HistoryShowOptions& options);

// perfgate history report: the history as a static site (reporters/dashboard).
struct HistoryReportOptions {
  std::string db;
  std::filesystem::path out;                 // the site's folder, created
  std::string benchmark_regex;
  std::string testbed;
  std::string since;                         // YYYY-MM-DD
  double max_p_value = stats::ChangePointSettings{}.max_p_value;
  std::string commit_url;                    // template with {commit}; empty: commits as plain text
  std::string compare_url;                   // template with {from} and {to}; empty: no range links
};
int run_history_report(const HistoryReportOptions& options);

struct HistoryPruneOptions {
  std::string db;
  std::size_t keep_samples_runs = 50;        // newest runs of each series that keep their samples
};
int run_history_prune(const HistoryPruneOptions& options);

}  // namespace perfgate::cli
