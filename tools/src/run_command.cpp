// perfgate run: the main job.  Every gated suite of a build runs through
// ctest (one at a time: host suites are RUN_SERIAL, GPU suites take the one
// GPU), with ctest's output filtered to what a CI log needs; what the suites
// left is gathered in one folder (comparisons/, junit/, markdown/, html/, results/, summary.md,
// index.html), optionally stored in the history, and the run exits like the
// gate: 0 pass, 1 confirmed regression, 2 harness error, 77 all skipped.
// Plain `ctest -L perf` exits 8 for a regression and a crash alike.

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>

#include "perfgate/gate/exit_code.hpp"
#include "perfgate/history/ingest.hpp"
#include "perfgate/history/open_history.hpp"
#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/owned_folder.hpp"
#include "perfgate/platform/secret_redaction.hpp"
#include "perfgate/model/version.hpp"
#include "perfgate/sql/database_url.hpp"
#include "perfgate/reports/github_actions.hpp"
#include "perfgate/reports/report_files.hpp"
#include "perfgate/reports/run_report_folder.hpp"
#include "perfgate/reports/run_status.hpp"

#include "commands.hpp"
#include "history_database.hpp"
#include "main_job_exit_code.hpp"
#include "reference/git_checkout.hpp"
#include "reference/reference_build.hpp"
#include "reference/reference_choice.hpp"
#include "run_against.hpp"
#include "run_ctest_listing.hpp"
#include "run_ctest_output.hpp"
#include "runtime/cpu_identity.hpp"
#include "run_report.hpp"
#include "subprocess.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

// The ctest of the CMake that configured the build (CMAKE_COMMAND in its
// cache), else the one in PATH.
fs::path find_ctest(const fs::path& build) {
  std::ifstream cache(build / "CMakeCache.txt");
  for (std::string line; std::getline(cache, line);) {
    const std::string key = "CMAKE_COMMAND:INTERNAL=";
    if (line.rfind(key, 0) != 0) continue;
    const fs::path ctest = fs::path(line.substr(key.size())).parent_path() / "ctest";
    if (std::error_code error; fs::is_regular_file(ctest, error)) return ctest;
  }
  const fs::path ctest = find_in_path("ctest");
  if (ctest.empty()) throw InputError("run: no ctest beside the build's cmake nor in PATH");
  return ctest;
}

// Several -L: a test with any of those labels.  One regex for ctest, whose
// own repeated -L means "all of them" in newer versions and "the last" in older.
std::string label_regex(const std::vector<std::string>& labels) {
  if (labels.size() == 1) return labels.front();
  std::string regex;
  for (const std::string& label : labels) regex += (regex.empty() ? "(" : "|(") + label + ")";
  return regex;
}

// What selects the tests, the same for the listing and the run.
std::vector<std::string> selection(const RunOptions& options, const fs::path& build) {
  std::vector<std::string> args = {"--test-dir", build.string()};
  if (!options.labels.empty()) args.insert(args.end(), {"-L", label_regex(options.labels)});
  if (!options.stride.empty()) args.insert(args.end(), {"-I", options.stride});
  args.insert(args.end(), options.ctest_args.begin(), options.ctest_args.end());
  return args;
}

fs::path report_file(const GatedTest& test, const std::string& extension) {
  return test.out_dir / (test.suite + extension);
}

// An earlier run's reports would pass for this run's when a suite dies
// before writing its own.
void remove_earlier_reports(const std::vector<GatedTest>& tests) {
  for (const GatedTest& test : tests) {
    if (test.out_dir.empty()) continue;
    ReportPaths paths;
    paths.fill_defaults(test.out_dir, test.suite);
    remove_reports(paths);
    std::error_code ignored;
    fs::remove(report_file(test, ".results.json"), ignored);
  }
}


// The history as the suites must name it: they run in their own working
// folders, so a relative SQLite file is made absolute (a PostgreSQL
// database stays as it was named).  A name no engine takes is refused here,
// before any suite runs.
std::string history_for_suites(const std::string& history) {
  const sql::DatabaseUrl database = sql::parse_database_url(history);
  if (database.engine == sql::Engine::postgresql) return history;
  return fs::absolute(database.location).string();
}

// ctest -V, filtered as it streams; each test's result line read on the way.
int run_ctest(const fs::path& ctest, std::vector<std::string> args, const RunOptions& options,
              std::map<std::string, CtestStatus>& statuses) {
  args.push_back("-V");
  std::map<std::string, std::string> environment;
  if (options.require_gated) environment["PERFGATE_REQUIRE_GATED"] = "true";
  if (options.instructions) environment["PERFGATE_INSTRUCTIONS"] = "auto";  // GPU suites keep their times alone
  if (!options.history.empty()) {  // the suites take their spreads from it and record their runs there
    environment["PERFGATE_HISTORY"] = history_for_suites(options.history);
    environment["PERFGATE_HISTORY_KIND"] = options.history_kind;
    environment["PERFGATE_HISTORY_RUNS"] = std::to_string(options.history_runs);
    if (!options.history_ordinal.empty()) environment["PERFGATE_HISTORY_ORDINAL"] = options.history_ordinal;
  }
  CtestOutputFilter filter;
  return run_program_lines(ctest, args, environment, [&](const std::string& line) {
    if (const auto result = parse_ctest_result(line)) statuses[result->test] = result->status;
    if (const auto shown = filter.filter(line)) std::cout << *shown << std::endl;
  });
}

// "-L perf -I 1,,2 -- -R gemm", as the selection was given.
std::string describe_selection(const RunOptions& options) {
  std::string text;
  for (const std::string& label : options.labels) text += (text.empty() ? "-L " : " -L ") + label;
  if (!options.stride.empty()) text += (text.empty() ? "-I " : " -I ") + options.stride;
  if (!options.ctest_args.empty()) {
    text += text.empty() ? "--" : " --";
    for (const std::string& arg : options.ctest_args) text += " " + arg;
  }
  return text.empty() ? "(every test)" : text;
}

const char* describe(CtestStatus status) {
  switch (status) {
    case CtestStatus::passed: return "with exit 0";
    case CtestStatus::skipped: return "skipped (exit 77)";
    case CtestStatus::failed: return "failed";
    case CtestStatus::unknown: break;
  }
  return "without a result";
}

struct Gathered {
  std::vector<SuiteOutcome> outcomes;
  RunReport run;
  std::set<std::string> compared;  // the suites whose own comparison was read: their verdicts go to the history
};

// What the reports show for a suite that left no readable comparison: the
// suite, exit 2 and why, so that no page or summary passes it over.
SuiteReport harness_error_report(const GatedTest& test, const std::string& problem) {
  SuiteReport report;
  report.comparison.suite = test.suite;
  report.comparison.perfgate_version = version();
  report.comparison.notes.push_back(problem);
  report.exit_code = kExitError;
  return report;
}

// What one suite's comparison says.  Every suite gets a report, with the
// code the run counts for it: one that left no readable comparison (or
// failed after writing one) is a harness error in the summary, the page and
// its own reports too, not a suite passed over.
void gather(const GatedTest& test, CtestStatus status, const std::vector<std::string>& notes, Gathered& gathered) {
  SuiteOutcome outcome{status, std::nullopt};
  const fs::path comparison = report_file(test, ".comparison.json");
  std::optional<SuiteReport> report;
  std::string problem;
  std::error_code error;
  if (!test.out_dir.empty() && fs::is_regular_file(comparison, error)) {
    try {
      report = read_suite_report(comparison);
      outcome.comparison_exit_code = report->exit_code;
      gathered.compared.insert(report->comparison.suite);
    } catch (const InputError& e) {  // an unreadable verdict is no verdict
      problem = redact_secrets(e.what());
      outcome.comparison_exit_code = kExitError;
    }
  } else {
    problem = test.test + " ended " + describe(status) + " and left no comparison" +
              (test.out_dir.empty() ? " (it has no --perfgate_out_dir)" : " in " + test.out_dir.string()) +
              ": it gated nothing, a harness error";
  }
  const int code = suite_exit_code(outcome);
  if (!problem.empty()) std::cerr << "perfgate: error: " << problem << "\n";
  if (!report) {
    report = harness_error_report(test, problem);
  }
  // Why the run judged it as it did (a reference it could not have), in its
  // reports; a suite that skipped everything needed no reference.
  if (code != kExitAllSkipped)
    report->comparison.notes.insert(report->comparison.notes.end(), notes.begin(), notes.end());
  if (code != report->exit_code) {
    report->comparison.notes.push_back(test.test + " ended " + describe(status) + " after its comparison said exit " +
                                       std::to_string(report->exit_code) + ": that verdict cannot be trusted, a harness error");
    report->exit_code = code;
  }
  gathered.run.push_back(std::move(*report));
  gathered.outcomes.push_back(outcome);
}

// The gate's verdicts beside the runs the suites recorded.  Recording never
// changes the verdict: a history that cannot take them is a warning.
void ingest(const std::vector<fs::path>& comparisons, const RunOptions& options) {
  if (options.history.empty() || comparisons.empty()) return;
  try {
    const auto db = history::open_history(options.history, sql::Access::create);
    history::IngestOptions ingest;
    ingest.kind = options.history_kind;
    ingest.missing_commit_advice = history::kRecordingCommitAdvice;
    const history::IngestSummary s = history::ingest_files(*db, comparisons, ingest);
    std::cout << "perfgate: history " << db->describe() << ": " << s.comparisons_added << " comparison(s) added, "
              << s.comparisons_present << " already there\n";
  } catch (const std::exception& e) {
    std::cerr << "perfgate: warning: the history could not take the run's verdicts (" << redact_secrets(e.what())
              << "); the gate's exit code stands\n";
  }
}

// Why the reference the default chose cannot be built here: no CMake
// cache to configure it as the candidate was, no git checkout to take the
// commit from; empty when it can (or when nothing is to be built).
std::string why_nothing_can_be_rebuilt(const AgainstChoice& choice, const fs::path& build) {
  if (choice.kind == AgainstKind::stored || choice.kind == AgainstKind::prebuilt) return "";
  std::string source;
  try {
    source = read_candidate_build(build).source.string();
  } catch (const InputError&) {
    return "no CMake cache in " + build.string() + " to configure a reference build as this one";
  }
  if (!git_work_tree(source)) return "no git checkout at " + source + " (or no git) to build a reference from";
  return "";
}

// $GITHUB_STEP_SUMMARY as this process found it, emptied for what runs
// after (github_actions.hpp: an empty one is not appended to).
std::string taken_step_summary() {
  const char* path = std::getenv("GITHUB_STEP_SUMMARY");
  const std::string taken = path ? path : "";
  if (!taken.empty()) ::setenv("GITHUB_STEP_SUMMARY", "", 1);
  return taken;
}

// The run's summary.md appended to the step's page, in GitHub Actions.
void publish_step_summary(const std::string& step_summary, const fs::path& summary) {
  if (step_summary.empty() || !in_github_actions()) return;
  std::string markdown;
  try {
    markdown = read_file(summary);
  } catch (const std::exception& e) {
    std::cerr << "perfgate: note: no summary for GITHUB_STEP_SUMMARY: " << printable_text(e.what()) << "\n";
    return;
  }
  append_step_summary_to(step_summary, markdown, std::cerr);
}

}  // namespace

int run_main_job(const RunOptions& options) {
  const fs::path build = fs::absolute(options.build_dir.empty() ? fs::current_path() : options.build_dir);
  if (std::error_code error; !fs::is_regular_file(build / "CTestTestfile.cmake", error))
    throw InputError(build.string() + ": not a build tree with tests (no CTestTestfile.cmake); pass --build-dir");
  if (!options.history.empty()) require_run_kind(options.history_kind, "--history-kind");
  const fs::path dir = options.report_dir.empty() ? build / "perfgate-report" : fs::absolute(options.report_dir);
  const fs::path ctest = find_ctest(build);
  const std::vector<std::string> args = selection(options, build);

  const std::vector<GatedTest> tests = list_tests(ctest, args);
  if (tests.empty()) throw InputError("run: no test matched " + describe_selection(options) + " in " + build.string() + ": nothing to gate");
  // Callgrind counts host suites; a GPU suite's kernels are counted by CUPTI.
  const bool host_suite = std::any_of(tests.begin(), tests.end(), [](const GatedTest& t) { return !t.gpu; });
  if (options.instructions && host_suite) require_valgrind("--instructions");
  remove_earlier_reports(tests);
  // Only what perfgate wrote there is replaced: the folder may be one the
  // user named (a folder of their own files is refused, exit 2).
  OwnedFolder report(dir, "the report folder (--report-dir)", run_folder_names());
  report.clear_previous();
  // The run's summary goes to the step's page once, at the end: its
  // suites (children, and those gated here) append nothing of their own.
  const std::string step_summary = taken_step_summary();
  AgainstChoice choice = choose_against(
      {options.against, options.against_build, options.dedicated_runner || dedicated_from_environment(process_environment())},
      process_environment(), this_cpu_identity());
  // The default cannot rebuild anything without the candidate's CMake cache
  // and git checkout: the stored numbers then, and every report says so.
  const std::string nothing_to_rebuild = choice.explicit_choice ? "" : why_nothing_can_be_rebuilt(choice, build);
  if (!nothing_to_rebuild.empty()) {
    choice.kind = AgainstKind::stored;
    choice.why = "the stored numbers: " + nothing_to_rebuild;
  }
  std::cout << "perfgate: gating against " << choice.why << std::endl;
  AgainstRun run;
  if (choice.kind == AgainstKind::stored) {
    run.ctest_status = run_ctest(ctest, args, options, run.statuses);
    if (!nothing_to_rebuild.empty())
      for (const GatedTest& test : tests) run.notes[test.test].push_back("judged against the stored numbers: " + nothing_to_rebuild);
  } else {
    // Each suite against its reference; one it cannot have runs as above,
    // alone (the caller's ctest arguments, then its own name).
    run = run_against_references(choice, tests, build, options, [&](const GatedTest& test, std::map<std::string, CtestStatus>& statuses) {
      std::vector<std::string> one = {"--test-dir", build.string()};
      one.insert(one.end(), options.ctest_args.begin(), options.ctest_args.end());
      one.insert(one.end(), {"-R", exact_test_regex(test.test)});
      return run_ctest(ctest, one, options, statuses);
    });
  }
  const int ctest_status = run.ctest_status;

  Gathered gathered;
  for (const GatedTest& test : tests) {
    const auto status = run.statuses.find(test.test);
    gather(test, status == run.statuses.end() ? CtestStatus::unknown : status->second, run.notes[test.test], gathered);
  }
  const int code = main_job_exit_code(gathered.outcomes, ctest_status);
  // The run's folder as `perfgate report --report-dir` writes it, from the
  // same writer tables (run_report_folder.hpp).
  const std::map<std::string, fs::path> written = write_run_folder(report, gathered.run, std::cerr, options.links);
  std::vector<fs::path> comparisons;  // of the suites that left one: a stand-in holds no verdict
  for (const auto& [suite, file] : written)
    if (gathered.compared.count(suite)) comparisons.push_back(file);
  // A suite judged against a reference build measured in record mode and
  // recorded nothing: its pooled rounds are this commit's run.
  for (const GatedTest& test : tests)
    if (run.against_build.contains(test.test) && gathered.compared.count(test.suite))
      comparisons.push_back(dir / "results" / (test.suite + ".results.json"));
  ingest(comparisons, options);
  publish_step_summary(step_summary, dir / "summary.md");

  std::cout << "\nperfgate: HTML report:      " << (dir / "index.html").string() << "\n"
            << "perfgate: JUnit reports:    " << (dir / "junit").string() << "/\n"
            << "perfgate: Markdown summary: " << (dir / "summary.md").string() << "\n"
            << "perfgate: comparison and results JSON: " << (dir / "comparisons").string() << "/, "
            << (dir / "results").string() << "/\n"
            << "perfgate: gate exit code " << code << std::endl;
  // What the run means, in the words of its reports (NOT GATED is not PASS);
  // a code of ctest's own that no suite explains is said apart.
  if (!gathered.run.empty()) {
    std::string line = run_summary_line(gathered.run);
    if (run_exit_code(gathered.run) != code) line = "ERROR (exit " + std::to_string(code) + "): ctest failed; the suites: " + line;
    std::cout << "perfgate: " << printable_text(line) << std::endl;
  }
  return code;
}

}  // namespace perfgate::cli
