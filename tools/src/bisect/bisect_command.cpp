// perfgate bisect: the first commit that carries a change.  Every commit is
// built on this runner in a worktree of the build's own reference folder
// (reference_build.hpp: configured as the build, built for the one suite,
// incrementally, through ccache), and measured against the good commit's
// build in alternating rounds (interleaved_rounds.hpp), the bisected case
// only.  First bad against good: a change that does not show here is not
// searched for (the machine moved, not the code).  Then a binary search
// (bisect_search.hpp): log2 of the range in builds, each step's progress on
// standard error, the answer on standard output, in --json and, with
// --history, in the history beside the change.

#include <chrono>
#include <functional>
#include <iostream>
#include <memory>
#include <sstream>

#include "bisect/bisect_report.hpp"
#include "bisect/bisect_search.hpp"
#include "bisect/bisect_target.hpp"
#include "commands.hpp"
#include "interleaved_rounds.hpp"
#include "perfgate/gate/reference.hpp"
#include "perfgate/history/bisection_record.hpp"
#include "perfgate/history/open_history.hpp"
#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/model/results.hpp"
#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/errors.hpp"
#include "reference/git_checkout.hpp"
#include "reference/reference_build.hpp"
#include "run_ctest_listing.hpp"
#include "subprocess.hpp"
#include "suite_against_reference.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// The gated test of `suite` in the build.
GatedTest suite_test(const CandidateBuild& build, const std::string& suite) {
  std::vector<std::string> names;
  for (GatedTest& test : list_tests(build.ctest, {"--test-dir", build.build.string(), "-L", "perf"})) {
    if (test.suite == suite) return test;
    names.push_back(test.suite);
  }
  std::string known;
  for (const std::string& name : names) known += (known.empty() ? "" : ", ") + name;
  throw InputError("--suite " + suite + ": no perf test of that suite in " + build.build.string() +
                   (known.empty() ? " (it has none)" : " (it has: " + known + ")"));
}

// The cases a suite binary lists for `filter` (every case when empty).
std::vector<std::string> listed_cases(const fs::path& program, const std::string& filter) {
  std::vector<std::string> args = {"--benchmark_list_tests=true"};
  if (!filter.empty()) args.push_back("--benchmark_filter=" + filter);
  const CapturedRun run = run_program_captured(program, args);
  std::vector<std::string> names;
  std::istringstream lines(run.output);
  for (std::string line; std::getline(lines, line);)
    // Google Benchmark says so on stderr, which comes in the same output.
    if (!line.empty() && line.rfind("Failed to match", 0) != 0) names.push_back(line);
  return names;
}

// One interleaved measurement of a commit's build against the good build.
struct Measured {
  bool ok = false;
  std::string problem;
  RatioEvidence evidence;
  std::string verdict;
  std::string device;  // the device slug both sides' results name
};

class Bisection {
 public:
  Bisection(const BisectOptions& options, const CandidateBuild& candidate, GatedTest test)
      : options_(options), candidate_(candidate), test_(std::move(test)), builds_(candidate) {}

  // `commit` built in a worktree of the reference folder, or why not.
  ReferenceBuild build(const std::string& commit, const std::string& why) {
    ++made_;
    ReferenceBuild built = builds_.prepare(commit, why, {{test_.test, test_.program}});
    if (built.usable() && !built.tests.contains(test_.test))
      built.problem = short_commit(commit) + " has no test " + test_.test;
    return built;
  }
  void release(const ReferenceBuild& built) { builds_.release(built); }

  // `probe` against `good` in alternating rounds, `rounds` a side a look,
  // until `decided` says the case's interval answers the question, for at
  // most kLooks looks: each further look adds its rounds to the earlier
  // ones (the sides keep them), so an interval that straddles narrows.
  Measured measure(const ReferenceBuild& good, const ReferenceBuild& probe, int rounds,
                   const std::function<bool(const RatioEvidence&)>& decided) {
    InterleavedSide good_side = ctest_side("good " + short_commit(good.commit), candidate_.ctest, good.build, test_.test,
                                           {{"PERFGATE_GIT_COMMIT", good.commit}});
    InterleavedSide probe_side = ctest_side(short_commit(probe.commit), candidate_.ctest, probe.build, test_.test,
                                            {{"PERFGATE_GIT_COMMIT", probe.commit}});
    Measured measured;
    for (int look = 1; look <= kLooks; ++look) {
      measured = measure_look(good_side, probe_side, probe.commit, rounds);
      if (!measured.ok || decided(measured.evidence)) break;
      if (look < kLooks)
        std::cerr << "perfgate: bisect " << short_commit(probe.commit) << ": cannot tell yet ("
                  << measured.evidence.ci_low << " .. " << measured.evidence.ci_high << "): " << rounds
                  << " more rounds a side\n";
    }
    return measured;
  }

  // InputError unless the case is among `built`'s cases (Google
  // Benchmark's --benchmark_list_tests with the case's filter): a case
  // missing at bad is a mistyped name, said before any measuring.
  void require_case(const ReferenceBuild& built) const {
    const auto programs = ctest_tests(candidate_.ctest, built.build);
    const auto program = programs.find(test_.test);
    if (program == programs.end() || program->second.empty()) return;  // measured anyway: the rounds say what is wrong
    const std::string filter = benchmark_filter_for({options_.benchmark});
    if (!listed_cases(program->second, filter).empty()) return;
    std::string known;
    for (const std::string& name : listed_cases(program->second, ""))
      if (known.size() < 200) known += (known.empty() ? "" : ", ") + name;
    throw InputError("--case " + printable_text(options_.benchmark) + ": no case named so in " + test_.suite + " at " +
                     short_commit(built.commit) + (known.empty() ? "" : " (it has: " + printable_text(known) + ")"));
  }

  std::size_t made() const { return made_; }

 private:
  // At most this many looks a measurement (Bisection::measure).
  static constexpr int kLooks = 3;

  // One look: `rounds` more alternating rounds a side, pooled with the
  // sides' earlier ones, and the case's ratio to good.
  Measured measure_look(InterleavedSide& good_side, InterleavedSide& probe_side, const std::string& commit, int rounds) {
    InterleavedPlan plan;
    plan.rounds = rounds;
    plan.repetitions = options_.repetitions;
    plan.gate = suite_gate(test_, false);
    plan.suite = test_.suite;
    plan.label = "bisect " + short_commit(commit) + ":";
    plan.filter = benchmark_filter_for({options_.benchmark});
    const InterleavedOutcome outcome = measure_interleaved(good_side, probe_side, plan);
    Measured measured;
    if (outcome.status != InterleavedOutcome::compared) {
      measured.problem = outcome.problem.empty() ? "every case was skipped" : outcome.problem;
      return measured;
    }
    measured.device = outcome.candidate.fingerprint.slug;
    for (const BenchmarkComparison& b : outcome.comparison.benchmarks) {
      if (b.name != options_.benchmark) continue;
      if (!b.evidence) {
        measured.problem = options_.benchmark + ": " + to_string(b.verdict) + " (" + b.reason + ")";
        return measured;
      }
      measured.ok = true;
      measured.verdict = to_string(b.verdict);
      measured.evidence = {b.evidence->ratio, b.evidence->interval_available, b.evidence->ci_low, b.evidence->ci_high};
      return measured;
    }
    measured.problem = "no case named " + options_.benchmark + " in " + test_.suite + " at " + short_commit(commit);
    return measured;
  }

  const BisectOptions& options_;
  const CandidateBuild& candidate_;
  GatedTest test_;
  ReferenceBuilds builds_;
  std::size_t made_ = 0;
};

// What to bisect: --good/--bad, or the history's change.
BisectTarget choose_target(const BisectOptions& options) {
  if (!options.good.empty() || !options.bad.empty()) {
    if (options.good.empty() || options.bad.empty()) throw InputError("--good and --bad go together (or give --history)");
    return {options.good, options.bad, "--good " + options.good + " --bad " + options.bad, std::nullopt};
  }
  if (options.history.empty()) throw InputError("what to bisect: --good REV --bad REV, or --history URL (its change of the case)");
  const auto db = history::open_history(options.history, sql::Access::read_only);
  return target_from_history(*db, options.suite, options.benchmark, options.testbed, options.at);
}

std::string resolved(const fs::path& repository, const std::string& revision, const char* flag) {
  const auto commit = resolve_commit(repository, revision);
  if (!commit)
    throw InputError(std::string(flag) + " " + revision + ": names no commit in " + repository.string() +
                     " (a shallow clone? fetch its history)");
  return *commit;
}

// Whether bad against good shows the change: the ratio's interval (the
// gate's, at its confidence) excludes 1, in the history's direction where
// it gave one.  Not the gate's threshold: the question is which commit made
// the change measured, whatever its size against the policy's.
bool reproduced(const RatioEvidence& bad, const std::optional<bool>& slower) {
  if (!bad.interval) return false;
  const bool is_slower = bad.ci_low > 1.0;
  const bool is_faster = bad.ci_high < 1.0;
  if (!is_slower && !is_faster) return false;
  return !slower || *slower == is_slower;
}

void store_in_history(const BisectOptions& options, const BisectReport& report) {
  const auto db = history::open_history(options.history, sql::Access::read_write);
  history::store_bisection(*db, bisection_record(report));
  std::cerr << "perfgate: bisect: kept in the history (history changes names it beside the change)\n";
}

}  // namespace

int run_bisect(const BisectOptions& given) {
  const auto started = Clock::now();
  if (const auto problem = benchmark_name_problem(given.benchmark))
    throw InputError("--case " + printable_text(given.benchmark) + ": " + *problem);
  // The case as its reports and the history key it, whether given so or
  // by Google Benchmark's full name ("BM_x/64/min_time:0.100/real_time").
  BisectOptions options = given;
  options.benchmark = canonical_benchmark_name(given.benchmark);
  const CandidateBuild candidate = read_candidate_build(options.build_dir.empty() ? fs::current_path() : options.build_dir);
  const auto repository = git_work_tree(candidate.source);
  if (!repository) throw InputError(candidate.source.string() + " is in no git checkout (or git is missing): nothing to bisect");
  const BisectTarget target = choose_target(options);
  const std::string good = resolved(*repository, target.good, "--good");
  const std::string bad = resolved(*repository, target.bad, "--bad");
  BisectReport report;
  report.commits = {good};
  for (std::string& commit : first_parent_range(*repository, good, bad)) report.commits.push_back(std::move(commit));
  const std::vector<std::string>& commits = report.commits;
  Bisection bisection(options, candidate, suite_test(candidate, options.suite));
  report.suite = options.suite;
  report.benchmark = options.benchmark;
  report.target = target.described;
  report.subjects.resize(commits.size());
  report.subjects.front() = commit_subject(*repository, good);
  report.subjects.back() = commit_subject(*repository, bad);
  std::cerr << "perfgate: bisect: " << commits.size() - 1 << " commit(s) after " << short_commit(good) << " up to "
            << short_commit(bad) << ": at most " << most_probes(commits.size()) << " build(s) between\n";

  const ReferenceBuild good_build = bisection.build(good, "the good commit");
  if (!good_build.usable()) throw InputError("the good commit cannot be measured: " + good_build.problem);
  const ReferenceBuild bad_build = bisection.build(bad, "the bad commit");
  if (!bad_build.usable()) throw InputError("the bad commit cannot be measured: " + bad_build.problem);
  bisection.require_case(bad_build);
  const Measured bad_measured = bisection.measure(good_build, bad_build, options.rounds, [&](const RatioEvidence& e) {
    return reproduced(e, target.slower);
  });
  if (!bad_measured.ok) throw InputError("bad against good could not be measured: " + bad_measured.problem);
  bisection.release(bad_build);
  report.bad = bad_measured.evidence;
  report.bad_verdict = bad_measured.verdict;
  report.testbed = bad_measured.device;  // where it was measured (the history's series may be another runner's)
  report.reproduced = reproduced(bad_measured.evidence, target.slower);
  if (report.reproduced) {
    const double bad_ratio = report.bad.ratio;
    report.search = bisect_commits(commits.size(), [&](std::size_t index) {
      BisectProbe probe;
      const std::string& commit = commits[index];
      report.subjects[index] = commit_subject(*repository, commit);
      const auto build_started = Clock::now();
      const ReferenceBuild built = bisection.build(commit, "a commit between");
      probe.build_seconds = seconds_since(build_started);
      const auto measure_started = Clock::now();
      if (!built.usable()) {
        probe.carries = Carries::untestable;
        probe.problem = built.problem;
      } else {
        // Straddling the midpoint: more rounds, pooled, until it does not.
        const Measured measured = bisection.measure(good_build, built, options.rounds, [&](const RatioEvidence& e) {
          return carries_change(e, bad_ratio) != Carries::unclear;
        });
        if (!measured.ok) {
          probe.carries = Carries::untestable;
          probe.problem = measured.problem;
        } else {
          probe.evidence = measured.evidence;
          probe.carries = carries_change(measured.evidence, bad_ratio);
          if (probe.carries == Carries::unclear) probe.problem = short_commit(commit) + " measured between good and bad";
        }
      }
      probe.measure_seconds = seconds_since(measure_started);
      bisection.release(built);
      std::cerr << "perfgate: bisect: " << short_commit(commit) << ": " << to_string(probe.carries) << "\n";
      return probe;
    });
  }
  report.builds = bisection.made();
  report.rounds = options.rounds;
  report.seconds = seconds_since(started);
  report.created_utc = utc_timestamp_now();
  print_bisect_report(std::cout, report);
  if (!options.json.empty()) write_file_atomically(options.json, bisect_json(report));
  if (!options.history.empty()) store_in_history(options, report);
  return report.exit_code();
}

}  // namespace perfgate::cli
