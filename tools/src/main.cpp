// perfgate: the command-line program.
//   perfgate compare BASE CURRENT [--junit F] [--json F] [--markdown F] [--threshold PCT] [--fdr Q]
//   perfgate ab --baseline-bin OLD --candidate-bin NEW [--rounds N] [--repetitions R] [--junit F] [--json F]
//               [--markdown F] [--threshold PCT] [--fdr Q] [-- SUITE FLAGS...]
//   perfgate baseline update [--suite S]... [--filter REGEX] [--repetitions N] [--rounds K] [--force]
//   perfgate baseline update --history URL [--suite S]... [--testbed T] [--runs K] [--baseline-dir DIR]
//   perfgate baseline promote RESULTS.json... [--append] [--baseline-dir DIR]
//   perfgate baseline show [FILE] [--suite S]...
//   perfgate device [--json] [--calibrate [--baseline-dir DIR] [--dry-run]]
//   perfgate suggest RESULTS.json [--baseline BASE.json] [--suggest-disable RULE,RULE] [--json] [--list]
//   perfgate history ingest FILES... [--history URL] [--commit SHA] [--ordinal N] [--testbed NAME] [--kind main|pr|ab]
//   perfgate history changes [--history URL] [--benchmark REGEX] [--testbed NAME] [--since DATE|COMMIT] [--json FILE] [--full]
//                            [--fail-on regression]
//   perfgate history show BENCHMARK [--history URL] [--testbed NAME] [--since DATE] [--kind main|pr|ab]
//   perfgate history prune [--history URL] [--keep-samples N]
//   perfgate report COMPARISON.json... [--html FILE] [--markdown FILE [--markdown-max-bytes N]]
//   perfgate report --shards DIR --expected-shards N --report-dir OUT
//   perfgate comment COMPARISON.json... [--report-url URL] [--dashboard-url URL] [--id NAME] [--out FILE]
//   perfgate history report --out DIR [--history URL] [--benchmark REGEX] [--testbed NAME] [--since DATE]
//                          [--commit-url T] [--compare-url T]
//   perfgate bisect --suite S --case NAME (--good REV --bad REV | --history URL [--testbed T] [--at COMMIT])
//                   [--build-dir DIR] [--rounds N] [--repetitions R] [--json FILE]
//   perfgate --version | --help;  perfgate completion bash [--output F];  perfgate man [--output F] (hidden)
// Conventions (cli_*.hpp): "-" is standard input where a command reads one
// file, every error is one line "perfgate: error: ...", exit codes in --help.

#include <cctype>
#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli_completion.hpp"
#include "cli_errors.hpp"
#include "cli_flags.hpp"
#include "cli_help.hpp"
#include "cli_input.hpp"
#include "cli_man_page.hpp"
#include "cli_parse.hpp"
#include "commands.hpp"
#include "history_database.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/gate/gate_options.hpp"
#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/fault_switch.hpp"
#include "perfgate/model/run_kind.hpp"
#include "perfgate/model/shared_flags.hpp"

namespace {

using namespace perfgate;
using namespace perfgate::cli;

// What compare, ab and suggest read from the baselines folder.
constexpr const char* kLaunchFloorUse = "gpu_timing's baseline there gives the launch-bound advice its floor";

// The gate's flags from the one table the suite binaries read too
// (gate_options.hpp): the same ranges, NaN refused, bounds written with %g.
void add_gate_flags(CLI::App& command, GateSettings& gate) {
  for (const GateOption& o : gate_options()) {
    const CLI::Validator in_range([&o](std::string& text) { return gate_option_problem(o, text); },
                                  std::string(o.whole ? "INT " : "NUMBER ") + gate_option_range(o));
    CLI::Option* option = o.real ? command.add_option(o.cli, gate.*o.real, o.help) : command.add_option(o.cli, gate.*o.whole, o.help);
    option->check(in_range)->capture_default_str();
  }
  command
      .add_option_function<std::string>(
          kGateMeasureFlag.cli, [&gate](const std::string& text) { gate.measure = *parse_gate_measure(text); },
          kGateMeasureFlag.help)
      ->check(CLI::IsMember({"time", "counts", "both"}))
      ->envname("PERFGATE_GATE_MEASURE");
  command.add_flag("--require-gated", gate.require_gated,
                   "exit 2, not 0, when no case was judged against a baseline of this device (NOT GATED)")
      ->envname("PERFGATE_REQUIRE_GATED");
}

struct Program {
  CompareOptions compare;
  SuggestCommandOptions suggest;
  BaselineUpdateOptions update;
  BaselinePromoteOptions promote;
  BaselineShowOptions show;
  DeviceOptions device;
  AbOptions ab;
  HistoryIngestOptions history_ingest;
  HistoryChangesOptions history_changes;
  HistoryShowOptions history_show;
  HistoryPruneOptions history_prune;
  HistoryReportOptions history_report;
  ReportOptions report;
  CommentOptions comment;
  RunOptions run;
  BisectOptions bisect;
  std::filesystem::path generated_output;  // perfgate completion/man --output (default: stdout)
};

// --<flag> FILE for each report writer (--json, --junit, --markdown): the
// table a suite binary's --perfgate_<flag> comes from too.
void add_report_flags(CLI::App& command, ReportPaths& reports) {
  for (const ReportWriter& w : report_writers())
    command.add_option(std::string("--") + w.flag, reports[w.flag], std::string("write the ") + w.help + " here");
}

void add_compare(CLI::App& app, Program& p) {
  auto* c = app.add_subcommand("compare", "gate CURRENT against BASE (perfgate results or Google Benchmark JSON)");
  c->add_option("BASE", p.compare.baseline, "baseline results (- for standard input)")->required();
  c->add_option("CURRENT", p.compare.current, "current results (- for standard input)")->required();
  c->add_option("--suite", p.compare.suite, "the suite's name in the reports (default: the current file's: its "
                                            "program for Google Benchmark and NVBench JSON)")
      ->check(suite_name_validator());
  add_report_flags(*c, p.compare.reports);
  add_gate_flags(*c, p.compare.gate);
  add_shared_option(*c, cli_flag(kSuggestDisableFlag), p.compare.suggest_disable);
  add_shared_option(*c, kBaselineDirFlag, p.compare.baseline_dir, kLaunchFloorUse)->capture_default_str();
  c->footer(gate_exit_codes_help());
}

void add_baseline(CLI::App& app, Program& p) {
  auto* b = app.add_subcommand("baseline", "refresh or inspect baselines")->require_subcommand(1);
  auto* u = b->add_subcommand("update", "run the built suites and rewrite their baselines for this device");
  add_shared_option(*u, kBuildDirFlag, p.update.build_dir);
  u->add_option("--suite", p.update.suites, "only these suites (repeatable)");
  u->add_option("--filter", p.update.filter, "only cases matching this --benchmark_filter regex");
  u->add_option("--repetitions", p.update.repetitions, "repetitions per round")->check(CLI::Range(5, 100000))->capture_default_str();
  u->add_option("--rounds", p.update.rounds, "separate runs pooled into the baseline")->check(CLI::Range(1, 1000))->capture_default_str();
  u->add_flag("--instructions", p.update.instructions,
              "the first round also counts each host case's work under valgrind's callgrind (the suites' "
              "--perfgate_instructions=auto), so the baseline carries counts for the count gate");
  add_shared_flag(*u, kAppendFlag, p.update.append,
                  "a baseline recorded at several times knows how far the machine moves between runs");
  add_shared_option(*u, kKeepRoundsFlag, p.update.keep_rounds)->check(CLI::Range(1, 1000))->capture_default_str();
  add_shared_flag(*u, kForceFlag, p.update.force);
  add_shared_flag(*u, kDryRunFlag, p.update.dry_run, "measure and show what moved");
  // The baselines taken from a history: nothing is measured, so what only
  // measuring means is refused beside it (the runs are taken as they were).
  add_shared_option(*u, kHistoryUrlFlag, p.update.from_history,
                    "measure nothing: each suite's baseline is its last --runs main runs on the testbed there, each run "
                    "a round");
  add_old_spelling(*u, "--from-history", kHistoryUrlFlag, p.update.from_history);
  for (const char* from_history : {kHistoryUrlFlag.name, "--from-history"})
    for (const char* measuring : {"--filter", "--repetitions", "--rounds", "--instructions"})
      u->get_option(from_history)->excludes(u->get_option(measuring));
  add_shared_option(*u, kTestbedFlag, p.update.testbed, "with --history: default, this machine's, per suite")
      ->check(suite_name_validator("testbed"));
  u->add_option("--runs", p.update.history_runs, "with --history: how many of the latest main runs")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  add_shared_option(*u, kBaselineDirFlag, p.update.baseline_dir,
                    "with --history: where the baselines go (default: the suite's folder from the build, else ./baselines)");
  auto* p2 = b->add_subcommand("promote", "make results files already measured the baseline (each file a round)");
  p2->add_option("RESULTS", p.promote.files, "perfgate results of one suite on one device (- for standard input, once)")
      ->required()
      ->check(existing_file_or_stdin());
  add_shared_option(*p2, kBaselineDirFlag, p.promote.baseline_dir,
                    "where the baseline goes (default: the suite's folder from the build)");
  add_shared_flag(*p2, kAppendFlag, p.promote.append);
  add_shared_option(*p2, kKeepRoundsFlag, p.promote.keep_rounds)->check(CLI::Range(1, 1000))->capture_default_str();
  add_shared_flag(*p2, kForceFlag, p.promote.force);
  add_shared_flag(*p2, kDryRunFlag, p.promote.dry_run, "show what would move");
  auto* s = b->add_subcommand("show", "print a baseline (a file, or the suites' baselines for this device)");
  s->add_option("FILE", p.show.file, "a baseline or results file (- for standard input)");
  s->add_option("--suite", p.show.suites, "these suites' baselines (repeatable)");
  add_shared_option(*s, kBuildDirFlag, p.show.build_dir);
}

void add_device(CLI::App& app, Program& p) {
  auto* d = app.add_subcommand("device", "this machine's hardware, slugs and roofline ceilings");
  d->add_flag("--json", p.device.json, "print JSON");
  d->add_flag("--calibrate", p.device.calibrate,
              "measure the GPU's ceilings (device-to-device copy, cuBLAS GEMM per precision) and write "
              "<baseline-dir>/<slug>/device.json, which runs then prefer to the theoretical ceilings");
  add_shared_option(*d, kBaselineDirFlag, p.device.baseline_dir,
                    "where device.json is read and written (default: the suites' baseline folder)");
  add_shared_option(*d, kBuildDirFlag, p.device.build_dir);
  d->add_option("--gemm-size", p.device.gemm_size, "n of the n x n x n calibration GEMMs")
      ->check(CLI::Range(256, 32768))
      ->capture_default_str();
  d->add_option("--samples", p.device.samples, "timed calls per ceiling")->check(CLI::Range(3, 10000))->capture_default_str();
  add_shared_flag(*d, kDryRunFlag, p.device.dry_run, "with --calibrate: measure and print");
}

void add_ab(CLI::App& app, Program& p) {
  auto* a = app.add_subcommand("ab", "run two builds of one suite alternately here and gate the candidate against the baseline build");
  a->add_option("--baseline-bin", p.ab.baseline_bin, "the suite binary of the old build")->required();
  a->add_option("--candidate-bin", p.ab.candidate_bin, "the suite binary of the new build")->required();
  a->add_option("--rounds", p.ab.rounds, "runs of each build, order alternating (ABBA...)")->check(CLI::Range(1, 1000))->capture_default_str();
  a->add_option("--repetitions", p.ab.repetitions, "repetitions per run")->check(CLI::Range(1, 100000))->capture_default_str();
  a->add_option("--remeasure-repetitions", p.ab.remeasure_repetitions,
                "undecided slowdowns get more alternating rounds (each look as many runs as --rounds): the most extra "
                "repetitions a side (default 0: two looks, 2 x rounds x repetitions)")
      ->check(CLI::Range(0, 1000000))->capture_default_str();
  a->add_option("--remeasure-seconds", p.ab.remeasure_seconds,
                "wall time for the extra rounds; a look starts only if expected to end within it")
      ->check(finite_number_validator())->check(CLI::Range(0.0, 1e9))->capture_default_str();
  a->add_option("--suite", p.ab.suite, "the suite's name in the reports (default: the builds')")->check(suite_name_validator());
  a->add_flag("--instructions", p.ab.instructions,
              "also count each host case's work under valgrind's callgrind, once a build (in its first round), and judge "
              "the counts beside the times (--gate-measure); a GPU suite keeps its times alone");
  add_report_flags(*a, p.ab.reports);
  a->add_option("--out-dir", p.ab.out_dir,
                "write every report as <suite>.<ext> here (those not named) and both builds' pooled rounds "
                "(<suite>.results.json, <suite>.reference.results.json), as perfgate run leaves them");
  add_gate_flags(*a, p.ab.gate);
  add_shared_option(*a, cli_flag(kSuggestDisableFlag), p.ab.suggest_disable);
  add_shared_option(*a, kBaselineDirFlag, p.ab.baseline_dir, kLaunchFloorUse)->capture_default_str();
  a->add_option("SUITE_FLAGS", p.ab.suite_args, "after --: flags for both builds (e.g. --benchmark_filter=REGEX)");
  a->footer(gate_exit_codes_help());
}

void add_suggest(CLI::App& app, Program& p) {
  auto* s = app.add_subcommand("suggest", "measured, prioritized advice for a results file");
  s->add_option("RESULTS", p.suggest.results, "perfgate results (or Google Benchmark JSON; - for standard input)");
  s->add_option("--baseline", p.suggest.baseline, "also explain the regressions against this baseline");
  add_shared_option(*s, cli_flag(kSuggestDisableFlag), p.suggest.disable);
  add_old_spelling(*s, "--disable", cli_flag(kSuggestDisableFlag), p.suggest.disable);
  add_shared_option(*s, kBaselineDirFlag, p.suggest.baseline_dir, kLaunchFloorUse)->capture_default_str();
  s->add_flag("--json", p.suggest.json, "print the suggestions as JSON");
  s->add_flag("--list", p.suggest.list, "list the rules and stop");
}

// --history URL, else PERFGATE_HISTORY, else perfgate-history.sqlite here
// (--db until issue 42: its old spelling).
void add_history_url(CLI::App& command, std::string& db) {
  db = kDefaultHistory;
  add_shared_option(command, kHistoryUrlFlag, db)->envname("PERFGATE_HISTORY")->capture_default_str();
  add_old_spelling(command, "--db", kHistoryUrlFlag, db);
}

constexpr const char* kOnlyThisTestbed = "only this testbed's runs";

void add_history(CLI::App& app, Program& p) {
  auto* h = app.add_subcommand("history", "every run kept: ingest, change-point triage, series, retention")
                ->require_subcommand(1);
  auto* i = h->add_subcommand("ingest", "store results files (perfgate, Google Benchmark, NVBench) and comparison files");
  add_history_url(*i, p.history_ingest.db);
  i->add_option("FILES", p.history_ingest.files, "results or comparison JSON files (one may be - for standard input)")
      ->required()
      ->check(existing_file_or_stdin());
  i->add_option("--commit", p.history_ingest.ingest.commit, "the commit the files measured (replaces theirs)");
  i->add_option("--ordinal", p.history_ingest.ingest.ordinal, "the commit's place in the main line (git rev-list --count)");
  add_shared_option(*i, kTestbedFlag, p.history_ingest.ingest.testbed, "replaces the one derived from the device")
      ->check(suite_name_validator("testbed"));
  i->add_option("--suite", p.history_ingest.ingest.suite,
                "the suite's name (replaces the file's: its program's name for Google Benchmark and NVBench JSON)")
      ->check(suite_name_validator());
  i->add_option("--kind", p.history_ingest.ingest.kind, kHistoryKindFlag.help)->capture_default_str();
  i->add_flag("--force", p.history_ingest.ingest.force,
              "store runs under a --testbed that already holds another device's runs (they then share its series)");
  auto* c = h->add_subcommand("changes", "step changes in each benchmark's series, regressions first");
  add_history_url(*c, p.history_changes.db);
  add_shared_option(*c, kBenchmarkFlag, p.history_changes.benchmark_regex);
  add_shared_option(*c, kTestbedFlag, p.history_changes.testbed, kOnlyThisTestbed)
      ->check(suite_name_validator("testbed"));
  c->add_option("--since", p.history_changes.since,
                "only the changes after this date (YYYY-MM-DD) or commit (a main-line run's hash or its first 4+ "
                "characters); the series are still judged whole");
  c->add_option("--json", p.history_changes.json, "write the changes as JSON here");
  c->add_option("--fail-on", p.history_changes.fail_on,
                "'regression': exit 1 when a listed change is slower and not undone (an alert for a scheduled job)")
      ->check(CLI::IsMember({"regression"}));
  add_shared_option(*c, kMaxPFlag, p.history_changes.max_p_value)
      ->check(finite_number_validator())->check(CLI::Range(1e-12, 0.5))->capture_default_str();
  c->add_flag("--full", p.history_changes.full,
              "recompute every series from its first run (else only series with new runs, from their recent tail)");
  auto* s = h->add_subcommand("show", "one benchmark's series: commit, date, median, interval");
  add_history_url(*s, p.history_show.db);
  s->add_option("BENCHMARK", p.history_show.benchmark, "the benchmark's full name")->required();
  add_shared_option(*s, kTestbedFlag, p.history_show.testbed, kOnlyThisTestbed)
      ->check(suite_name_validator("testbed"));
  add_shared_option(*s, kSinceFlag, p.history_show.since);
  s->add_option("--kind", p.history_show.kind, "main, pr or ab")->capture_default_str();
  auto* r = h->add_subcommand("prune", "delete the raw samples of old runs (every median is kept)");
  add_history_url(*r, p.history_prune.db);
  r->add_option("--keep-samples", p.history_prune.keep_samples_runs, "newest runs of each series that keep their samples")
      ->check(CLI::Range(1, 1000000))->capture_default_str();
  auto* o = h->add_subcommand("report", "the history as a static site: index, changes, a trend page per series");
  add_history_url(*o, p.history_report.db);
  o->add_option("--out", p.history_report.out, "the site's folder (created)")->required();
  add_shared_option(*o, kBenchmarkFlag, p.history_report.benchmark_regex);
  add_shared_option(*o, kTestbedFlag, p.history_report.testbed, kOnlyThisTestbed)
      ->check(suite_name_validator("testbed"));
  add_shared_option(*o, kSinceFlag, p.history_report.since);
  add_shared_option(*o, kMaxPFlag, p.history_report.max_p_value)
      ->check(finite_number_validator())->check(CLI::Range(1e-12, 0.5))->capture_default_str();
  o->add_option("--commit-url", p.history_report.commit_url,
                "commits as links: a URL template such as https://host/org/repo/commit/{commit}");
  o->add_option("--compare-url", p.history_report.compare_url,
                "each change's range of commits as a link: a URL template such as "
                "https://host/org/repo/compare/{from}...{to} (from: the last run before the change)");
}

// --report-url and --dashboard-url: where a reader of the summary or the
// comment finds more; from the environment too, so that a CI file sets them once.
void add_report_links(CLI::App& command, ReportLinks& links) {
  command.add_option("--report-url", links.report_url, "link the full report (the HTML artifact's or page's URL)")
      ->envname("PERFGATE_REPORT_URL")
      ->check(web_url_validator());
  command.add_option("--dashboard-url", links.dashboard_url, "link the history dashboard")
      ->envname("PERFGATE_DASHBOARD_URL")
      ->check(web_url_validator());
}

void add_report(CLI::App& app, Program& p) {
  auto* r = app.add_subcommand("report", "one HTML page (and Markdown summary) of a gate run from its comparison files");
  r->add_option("COMPARISON", p.report.comparisons,
                "<suite>.comparison.json files (their <suite>.results.json beside them; one may be - for standard input)")
      ->check(existing_file_or_stdin());
  r->add_option("--shards", p.report.shards,
                "merge a sharded run: each sub-folder of this folder is a shard's report folder with its gate code in "
                "exit-code; writes --report-dir and exits with the worst shard's code");
  r->add_option("--expected-shards", p.report.expected_shards,
                "with --shards: how many shards the CI matrix has (fewer folders is a harness error, exit 2)");
  r->add_option("--html", p.report.html, "write the HTML report here");
  r->add_option("--markdown", p.report.markdown, "write the Markdown summary here");
  r->add_option("--report-dir", p.report.report_dir,
                "write the run's report folder here, as perfgate run does (every suite's reports, summary.md, index.html)");
  r->add_option("--markdown-max-bytes", p.report.markdown_max_bytes, "the most bytes the Markdown summary may take")
      ->check(CLI::Range(std::size_t{1024}, std::size_t{1} << 30))
      ->capture_default_str();
  add_report_links(*r, p.report.links);
}

// perfgate comment: the pull request's comment body.
void add_comment(CLI::App& app, Program& p) {
  auto* c = app.add_subcommand("comment", "a pull request's comment body about a gate run, from its comparison files "
                                          "(a hidden marker first, so a workflow updates its one comment in place)");
  c->add_option("COMPARISON", p.comment.comparisons,
                "<suite>.comparison.json files (their <suite>.results.json beside them; one may be - for standard input)")
      ->required()
      ->check(existing_file_or_stdin());
  add_report_links(*c, p.comment.links);
  c->add_option("--id", p.comment.id, "marks the comment as this gate's, for a workflow that posts several "
                                      "(letters, digits, '.', '_', '-')")
      ->check(CLI::Validator(
          [](std::string& id) {
            for (char ch : id)
              if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '.' && ch != '_' && ch != '-')
                return std::string("--id: letters, digits, '.', '_' and '-' only");
            return std::string();
          },
          "NAME"));
  c->add_option("--out", p.comment.out, "write the body here (default: standard output)");
}

// perfgate run: every gated suite of a build through ctest, one exit code.
void add_run(CLI::App& app, Program& p) {
  auto* r = app.add_subcommand("run", "the main job: run the gated suites through ctest, gather their reports in one "
                                      "folder, exit 0 pass, 1 regression, 2 harness error, 77 all skipped");
  add_shared_option(*r, kBuildDirFlag, p.run.build_dir, "default: the current folder");
  // One value an occurrence: an open-ended list would swallow the `--`
  // that starts the ctest arguments (`-L perf -- -R gemm`).
  r->add_option("-L,--label", p.run.labels, "ctest -L: the tests' label regex (repeatable: any of them)")
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->capture_default_str();
  r->add_option("-I", p.run.stride, "ctest -I: a stride of the tests (Start,End,Stride), for shards");
  r->add_option("--report-dir", p.run.report_dir, "where the reports go (default: <build>/perfgate-report)");
  add_shared_option(*r, cli_flag(kHistoryFlag), p.run.history)->envname("PERFGATE_HISTORY");
  add_shared_option(*r, cli_flag(kHistoryKindFlag), p.run.history_kind)
      ->envname("PERFGATE_HISTORY_KIND")
      ->check(CLI::IsMember(std::vector<std::string>(kRunKinds.begin(), kRunKinds.end())))
      ->capture_default_str();
  auto* history_url = r->get_option(kHistoryFlag.cli);
  add_shared_option(*r, cli_flag(kHistoryOrdinalFlag), p.run.history_ordinal)
      ->envname("PERFGATE_HISTORY_ORDINAL")
      ->check(CLI::Validator(
          [](std::string& value) {
            const bool number = !value.empty() && value.size() <= 9 &&
                                value.find_first_not_of("0123456789") == std::string::npos;
            return number || value == "git" ? std::string() : "N (a whole number) or git";
          },
          "N|git"))
      ->needs(history_url);
  add_shared_option(*r, cli_flag(kHistoryRunsFlag), p.run.history_runs)
      ->envname("PERFGATE_HISTORY_RUNS")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  add_report_links(*r, p.run.links);
  r->add_flag("--require-gated", p.run.require_gated,
              "a suite that judges no case against a baseline of this device (NOT GATED) exits 2, not 0")
      ->envname("PERFGATE_REQUIRE_GATED");
  r->add_flag("--instructions", p.run.instructions,
              "also count each host suite's cases under valgrind's callgrind (the suites' --perfgate_instructions=auto; "
              "against a reference build, once a build) and judge the counts beside the times; GPU suites keep their "
              "times alone");
  r->add_option("--against", p.run.against,
                "what the suites are judged against: REF (a branch, tag or commit, built and measured here, interleaved "
                "with this build), merge-base (of a pull request's target branch, else of the branch's upstream), "
                "baseline (each suite's committed baseline's own commit, rebuilt here) or stored (the committed numbers "
                "as they are); default: merge-base in a pull request, stored on a --dedicated-runner, else baseline")
      ->envname("PERFGATE_AGAINST");
  r->add_option("--against-build", p.run.against_build,
                "a reference built elsewhere (a build tree, e.g. a main-branch job's artifact): measured here, interleaved, "
                "with no build step");
  r->add_flag("--dedicated-runner", p.run.dedicated_runner,
              "this runner is a dedicated perf machine (also PERFGATE_DEDICATED_RUNNER=1): by default the committed "
              "baselines are the reference");
  r->add_option("--rounds", p.run.rounds, "against a reference build: alternating rounds a build (ABBA...)")
      ->check(CLI::Range(2, 1000))
      ->capture_default_str();
  r->add_option("--repetitions", p.run.repetitions, "against a reference build: repetitions a round")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  r->add_option("CTEST_ARGS", p.run.ctest_args, "after --: more ctest arguments");
}

// perfgate bisect: the first commit that carries a change, built and measured here.
void add_bisect(CLI::App& app, Program& p) {
  auto* b = app.add_subcommand("bisect", "the first commit that carries a change of one case: each commit built here "
                                         "(log2 of the range) and measured against the good one in alternating rounds");
  add_shared_option(*b, kBuildDirFlag, p.bisect.build_dir, "every commit is built as this build was configured; default: the current folder");
  b->add_option("--suite", p.bisect.suite, "the case's suite")->required()->check(suite_name_validator());
  b->add_option("--case", p.bisect.benchmark, "the case's name (as in its reports)")->required();
  b->add_option("--good", p.bisect.good, "a commit without the change (with --bad)");
  b->add_option("--bad", p.bisect.bad, "a later commit with it (with --good)");
  add_shared_option(*b, kHistoryUrlFlag, p.bisect.history,
                    "without --good/--bad: the case's change there (history changes) is bisected; the answer is kept "
                    "there either way, beside the change");
  auto* history = b->get_option(kHistoryUrlFlag.name);
  add_shared_option(*b, kTestbedFlag, p.bisect.testbed, "the history's series of this testbed")->needs(history);
  b->add_option("--at", p.bisect.at, "the history's change at this commit (default: the newest change of the code)")
      ->needs(history);
  b->add_option("--rounds", p.bisect.rounds, "alternating rounds a side, each step")->check(CLI::Range(2, 1000))->capture_default_str();
  b->add_option("--repetitions", p.bisect.repetitions, "repetitions a round")->check(CLI::Range(1, 100000))->capture_default_str();
  b->add_option("--json", p.bisect.json, "write the answer here (schema perfgate/bisect)");
}

// Hidden (group ""): what the build installs as the bash completion and
// the man page, made from this very command tree (tools/CMakeLists.txt).
void add_generated_docs(CLI::App& app, Program& p) {
  auto* c = app.add_subcommand("completion", "print the bash completion script")->group("");
  c->add_option("SHELL", "the shell (bash)")->required()->check(CLI::IsMember({"bash"}));
  c->add_option("--output", p.generated_output, "write it here instead of standard output");
  auto* m = app.add_subcommand("man", "print the perfgate(1) manual page (roff)")->group("");
  m->add_option("--output", p.generated_output, "write it here instead of standard output");
}

int write_generated(const std::string& text, const std::filesystem::path& output) {
  if (output.empty()) std::cout << text;
  else write_file_atomically(output, text);
  return kExitOk;
}

int dispatch_history(const CLI::App& history, const Program& p) {
  if (history.got_subcommand("ingest")) return run_history_ingest(p.history_ingest);
  if (history.got_subcommand("changes")) return run_history_changes(p.history_changes);
  if (history.got_subcommand("show")) return run_history_show(p.history_show);
  if (history.got_subcommand("report")) return run_history_report(p.history_report);
  return run_history_prune(p.history_prune);
}

int dispatch(const CLI::App& app, const Program& p) {
  if (app.got_subcommand("suggest")) {
    if (!p.suggest.list && p.suggest.results.empty()) throw InputError("suggest: RESULTS is required (or --list)");
    return run_suggest(p.suggest);
  }
  if (app.got_subcommand("compare")) return run_compare(p.compare);
  if (app.got_subcommand("completion")) return write_generated(bash_completion(app), p.generated_output);
  if (app.got_subcommand("man")) return write_generated(man_page(app), p.generated_output);
  if (app.got_subcommand("ab")) return run_ab(p.ab);
  if (app.got_subcommand("device")) return run_device(p.device);
  if (app.got_subcommand("history")) return dispatch_history(*app.get_subcommand("history"), p);
  if (app.got_subcommand("report")) return run_report(p.report);
  if (app.got_subcommand("comment")) return run_comment(p.comment);
  if (app.got_subcommand("run")) return run_main_job(p.run);
  if (app.got_subcommand("bisect")) return run_bisect(p.bisect);
  const CLI::App* baseline = app.get_subcommand("baseline");
  if (baseline->got_subcommand("update")) return run_baseline_update(p.update);
  if (baseline->got_subcommand("promote")) return run_baseline_promote(p.promote);
  return run_baseline_show(p.show);
}

}  // namespace

int main(int argc, char** argv) {
  // A file-size limit (ulimit -f) must fail the write with EFBIG, one line
  // and exit 2, not end perfgate silently with a temporary file left.
  std::signal(SIGXFSZ, SIG_IGN);
  // Named, so messages and the usage say "perfgate", not argv[0]'s path.
  CLI::App app{"perfgate: a performance-regression gate for GPU and CPU code", "perfgate"};
  app.require_subcommand(1);
  app.set_version_flag("--version", version_line(), "print the version (perfgate X.Y.Z) and exit");
  // Inherited by every subcommand declared below (CLI11 copies a parent's
  // footer): only the gates (compare, ab, run, report) list the gate's codes.
  app.footer(subcommand_help_footer());
  Program program;
  program.update.program = program.promote.program = program.show.program = program.device.program = argv[0];
  add_compare(app, program);
  add_baseline(app, program);
  add_device(app, program);
  add_suggest(app, program);
  add_history(app, program);
  add_ab(app, program);
  add_report(app, program);
  add_comment(app, program);
  add_run(app, program);
  add_bisect(app, program);
  app.get_subcommand("run")->footer(gate_exit_codes_help());
  app.get_subcommand("report")->footer(gate_exit_codes_help() +
                                       "  report exits with the worst code of the comparisons it read; with --shards, "
                                       "the worst shard's (a code perfgate never gives ranks as 2).");
  add_generated_docs(app, program);
  app.get_subcommand("baseline")->get_subcommand("update")->footer(subcommand_help_footer(true));
  app.get_subcommand("history")->get_subcommand("changes")->footer(alert_help_footer());
  app.get_subcommand("bisect")->footer(bisect_help_footer());
  app.footer(program_help_footer());
  return parse_command_line(app, argc, argv, [&] {
    require_fault_switches_allowed();  // a test-only switch in a real run: exit 2, nothing written
    return dispatch(app, program);
  });
}
