// The real host suite, run as CI runs it: record a baseline, gate an
// unchanged run, gate a run with a planted 2x slowdown.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/formats/results_io.hpp"
#include "shell.hpp"
#include "xml_document.hpp"

namespace perfgate {
namespace {

using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;
using testing::write_text;
using testing::xpath_literal;
using testing::XmlDocument;

const std::string kPlanted = "cpu_gemm/blocked/256";
const std::vector<std::string> kCases = {"cpu_gemm/blocked/256", "cpu_gemm/naive/256", "cpu_elementwise/fused/1048576"};
const std::string kFilter = "--benchmark_filter='^cpu_gemm/(blocked|naive)/256|^cpu_elementwise/fused'";

std::string suite(const std::string& args, const std::string& environment = "") {
  return environment + " " + shell_word(PERFGATE_HOST_SUITE) + " " + kFilter + " " + args;
}

nlohmann::json verdicts(const std::filesystem::path& comparison_json) {
  const nlohmann::json document = nlohmann::json::parse(read_text(comparison_json));
  nlohmann::json by_name = nlohmann::json::object();
  for (const auto& b : document["benchmarks"]) by_name[b["name"].get<std::string>()] = b;
  return by_name;
}

class HostSuiteGate : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    folder_ = new TempDir;
    const auto recorded = run_shell(suite("--perfgate_mode=record --perfgate_results=" + (*folder_ / "base.json").string()));
    ASSERT_EQ(recorded.exit_code, 0) << recorded.output;
  }
  static void TearDownTestSuite() { delete folder_; }
  static std::filesystem::path base() { return *folder_ / "base.json"; }
  static TempDir* folder_;
};
TempDir* HostSuiteGate::folder_ = nullptr;

TEST_F(HostSuiteGate, RecordWritesEverySampleOfEveryCase) {
  const Results r = load_results(base());
  EXPECT_EQ(r.suite, "host");
  EXPECT_EQ(r.fingerprint.kind, DeviceKind::cpu);
  ASSERT_EQ(r.benchmarks.size(), kCases.size());
  for (const auto& b : r.benchmarks) EXPECT_EQ(b.samples.size(), 10u) << b.name;
}

// This shared VM's speed moves between back-to-back runs by a standard
// deviation of 1.2-2.3% (docs/measurements.md, "The decision rule on the
// real runner"), more than the gate's default floor of 1% assumes; the
// one-round baseline cannot show it, so the test says so.  And the tests
// beside it under ctest -j2 move a memory-bound case much further, for the
// whole run and its re-measurement alike: cpu_elementwise/fused +27%,
// re-measured +31%, in a CI run of 2026-11-26, a real slowdown no gate can
// tell from a regression.  So only a change of 50% matters here, as 25%
// does for the planted tests: an unchanged run must stay below it.
TEST_F(HostSuiteGate, UnchangedRunPasses) {
  const auto out = *folder_ / "clean";
  const auto run = run_shell(suite("--perfgate_baseline=" + base().string() +
                                   " --perfgate_min_run_spread=2.5 --perfgate_threshold=50 --perfgate_out_dir=" + out.string()));
  EXPECT_EQ(run.exit_code, 0) << run.output;
  const auto v = verdicts(out / "host.comparison.json");
  for (const auto& name : kCases) EXPECT_NE(v[name]["verdict"], "REGRESSION") << name << "\n" << run.output;
  const XmlDocument junit(read_text(out / "host.junit.xml"));
  ASSERT_TRUE(junit.well_formed()) << junit.error();
  EXPECT_EQ(junit.count("//failure"), 0u);
  EXPECT_EQ(junit.count("//testcase"), kCases.size());
}

// The shared VM's speed moves between runs (up to 2x once, docs/measurements.md),
// and the gate, which is sharp, would report that too.  So the baseline is
// recorded right before the planted run, the threshold says that only a
// change of 25% matters here, and the plant is 10x: far beyond what load on
// this machine does to either phase (issue 25).
TEST_F(HostSuiteGate, PlantedSlowdownFailsThatCaseOnly) {
  const auto fresh = *folder_ / "planted-base.json";
  const auto recorded = run_shell(suite("--perfgate_mode=record --perfgate_results=" + fresh.string()));
  ASSERT_EQ(recorded.exit_code, 0) << recorded.output;
  const auto out = *folder_ / "planted";
  // As in a GitHub Actions job (issue 43): the step's summary page already
  // holds an earlier step's text, which stays.
  const auto step_summary = *folder_ / "step-summary.md";
  testing::write_text(step_summary, "earlier step\n");
  const auto run = run_shell(suite("--perfgate_baseline=" + fresh.string() + " --perfgate_threshold=25 --perfgate_out_dir=" +
                                       out.string(),
                                   "PERFGATE_ANNOTATIONS= GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY=" + shell_word(step_summary.string()) +
                                       " PERFGATE_ALLOW_FAULT_INJECTION=1 PERFGATE_HOST_PLANT_FACTOR=10 PERFGATE_HOST_PLANT_SLOWDOWN=" +
                                       kPlanted));
  EXPECT_EQ(run.exit_code, 1) << run.output;
  // One annotation, the planted case's, in the exact syntax GitHub parses.
  const std::string annotation = "\n::error title=perfgate REGRESSION%3A " + kPlanted + "::host " + kPlanted + ": +";
  EXPECT_NE(run.output.find(annotation), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("; report: " + (out / "host.html").string() + "\n"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("::error ", run.output.find(annotation) + annotation.size()), std::string::npos) << run.output;
  EXPECT_EQ(read_text(step_summary), "earlier step\n" + read_text(out / "host.md") + "\n");
  // The planted case is re-measured (a drifting case may be suspected
  // beside it; only the planted one may end a REGRESSION).
  EXPECT_NE(run.output.find("re-measuring "), std::string::npos) << run.output;
  const auto v = verdicts(out / "host.comparison.json");
  EXPECT_EQ(v[kPlanted]["verdict"], "REGRESSION") << run.output;
  EXPECT_EQ(v[kPlanted]["confirmation"], "confirmed");
  // Ten times the work: beyond any slowdown other work on this 2-core
  // machine can cause in either phase (two CPU-bound processes: about 2-3x),
  // so whether the baseline or the run was the loaded one, the planted case
  // is a confirmed regression (beyond the suite's shift, if all moved).
  EXPECT_GT(v[kPlanted]["evidence"]["ratio"].get<double>(), 3.0);
  for (const auto& name : kCases)
    if (name != kPlanted) EXPECT_NE(v[name]["verdict"], "REGRESSION") << name << "\n" << run.output;
  const XmlDocument junit(read_text(out / "host.junit.xml"));
  ASSERT_TRUE(junit.well_formed()) << junit.error();
  EXPECT_EQ(junit.count("//failure"), 1u);
  const auto message = junit.values("//testcase[@name=" + xpath_literal(kPlanted) + "]/failure/@message");
  ASSERT_EQ(message.size(), 1u);
  EXPECT_EQ(message[0].rfind(kPlanted + ": +", 0), 0u) << message[0];
  // The explain stage says what changed, in the JUnit case and the reports.
  const auto system_out = junit.values("//testcase[@name=" + xpath_literal(kPlanted) + "]/system-out");
  ASSERT_EQ(system_out.size(), 1u);
  EXPECT_NE(system_out[0].find("regression-explained"), std::string::npos) << system_out[0];
  EXPECT_NE(read_text(out / "host.md").find("regression-explained"), std::string::npos);
  EXPECT_NE(run.output.find("Suggestions:"), std::string::npos) << run.output;
  EXPECT_TRUE(std::filesystem::exists(out / "host.md"));
  EXPECT_TRUE(std::filesystem::exists(out / "host.results.json"));
  // Issue 25: a report of a run with a test-only switch says so.
  EXPECT_NE(read_text(out / "host.md").find("test-only fault switches were in force in this run (PERFGATE\\_HOST\\_PLANT\\_SLOWDOWN="),
            std::string::npos);
  EXPECT_NE(run.output.find("Note: test-only fault switches were in force in this run (PERFGATE_HOST_PLANT_SLOWDOWN="),
            std::string::npos);
}

// Issue 25 item 6: the fault switches act only where a test allows them; in
// a real run one set by mistake is one line, exit 2, nothing measured.
// Issue 43: run bare, as Google Benchmark binaries are, the suite gates
// against the folder perfgate_add_suite configured (the repository's
// baselines/), never "no baseline: pass --perfgate_baseline".  Whether this
// machine has a baseline there or not, the run is judged against that folder
// (a threshold no load reaches keeps the verdict about the state).
TEST(HostSuiteInput, ABareRunGatesAgainstTheConfiguredBaselineFolder) {
  const TempDir dir;
  const auto run = run_shell("cd " + shell_word(dir.path().string()) + " && " + shell_word(PERFGATE_HOST_SUITE) +
                             " --benchmark_filter='^cpu_gemm/naive/256' --benchmark_repetitions=5 --perfgate_threshold=100000 2>&1");
  EXPECT_TRUE(run.exit_code == 0) << run.output;
  EXPECT_EQ(run.output.find("no baseline: pass"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("perfgate: suite 'host' against "), std::string::npos) << run.output;
  // Gated against this device's file there, or NOT GATED naming the folder's
  // baselines of other devices: either way the configured folder was read.
  const bool gated = run.output.find("against baselines/") != std::string::npos;
  const bool other_device = run.output.find("NOT GATED") != std::string::npos;
  EXPECT_TRUE(gated || other_device) << run.output;
}

TEST(HostSuiteInput, AFaultSwitchInARealRunIsRefused) {
  const TempDir dir;
  const auto run = run_shell(suite("--perfgate_mode=record --perfgate_results=" + (dir / "r.json").string(),
                                   "PERFGATE_HOST_PLANT_SLOWDOWN=" + kPlanted));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("perfgate: error: PERFGATE_HOST_PLANT_SLOWDOWN is a test-only fault switch"), std::string::npos)
      << run.output;
  EXPECT_EQ(run.output.find("cpu_gemm"), std::string::npos) << "nothing measured: " << run.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "r.json"));
  const auto cli = run_shell("PERFGATE_TEST_PAUSE_MID_WRITE_S=1 " + shell_word(PERFGATE_CLI) + " --version >/dev/null; " +
                             "PERFGATE_TEST_PAUSE_MID_WRITE_S=1 " + shell_word(PERFGATE_CLI) + " baseline show " +
                             shell_word((dir / "r.json").string()));
  EXPECT_EQ(cli.exit_code, 2) << cli.output;
  EXPECT_NE(cli.output.find("PERFGATE_TEST_PAUSE_MID_WRITE_S is a test-only fault switch"), std::string::npos) << cli.output;
}

// Issue 24: a noisy history cannot switch detection off.  A history whose
// runs alternate x1/x100 (noise, or a poisoned store) used to widen every
// interval without bound, and the planted 2x slowdown that the baseline
// alone fails passed.  Its spread is beyond any plausible run-to-run spread
// (kMaxHistoryRunSpread): each case is judged as if no history were given,
// which the report says, and the run fails as the baseline alone does.
TEST_F(HostSuiteGate, AnAlternatingHistoryCannotHideAPlantedSlowdown) {
  const auto fresh = *folder_ / "poisoned-base.json";
  const auto recorded = run_shell(suite("--perfgate_mode=record --perfgate_results=" + fresh.string()));
  ASSERT_EQ(recorded.exit_code, 0) << recorded.output;
  const std::string db = (*folder_ / "poisoned.sqlite").string();
  for (int run = 1; run <= 10; ++run) {
    nlohmann::json copy = nlohmann::json::parse(read_text(fresh));
    for (auto& b : copy["benchmarks"])
      for (auto& sample : b["samples"]) sample = sample.get<double>() * (run % 2 == 1 ? 1.0 : 100.0);
    const auto file = *folder_ / ("poisoned-" + std::to_string(run) + ".json");
    write_text(file, copy.dump());
    const auto ingested = run_shell(shell_word(PERFGATE_CLI) + " history ingest " + shell_word(file.string()) + " --history " +
                                    shell_word(db) + " --commit c" + std::to_string(run) + " --ordinal " + std::to_string(run));
    ASSERT_EQ(ingested.exit_code, 0) << ingested.output;
  }
  const auto out = *folder_ / "poisoned";
  const auto run = run_shell(suite("--perfgate_baseline=" + fresh.string() + " --perfgate_threshold=25 --perfgate_out_dir=" +
                                       out.string() + " --perfgate_history=" + shell_word(db),
                                   "PERFGATE_ALLOW_FAULT_INJECTION=1 PERFGATE_HOST_PLANT_FACTOR=10 PERFGATE_HOST_PLANT_SLOWDOWN=" + kPlanted + " PERFGATE_GIT_COMMIT=c11"));
  EXPECT_EQ(run.exit_code, 1) << run.output;
  const auto v = verdicts(out / "host.comparison.json");
  EXPECT_EQ(v[kPlanted]["verdict"], "REGRESSION") << run.output;
  EXPECT_EQ(v[kPlanted]["confirmation"], "confirmed");
  for (const auto& name : kCases) {
    const auto& spread = v[name]["evidence"]["run_spread"];
    ASSERT_TRUE(spread.contains("implausible_history_sd")) << name << ": " << spread.dump();
    EXPECT_GT(spread["implausible_history_sd"].get<double>(), 1.0) << "x1/x100 is a log spread of 4.6: " << spread.dump();
    EXPECT_NE(spread["source"], "history") << spread.dump();
  }
  const std::string notes = nlohmann::json::parse(read_text(out / "host.comparison.json"))["notes"].dump();
  EXPECT_NE(notes.find("3 case(s) judged as if no history were given"), std::string::npos) << notes;
}

TEST_F(HostSuiteGate, BaselineOfAnotherDeviceIsIncomparableNotAFailure) {
  // A baseline folder holding only another CPU's baseline.
  auto other = nlohmann::json::parse(read_text(base()));
  other["fingerprint"]["name"] = "Some Other CPU 1000";
  other["fingerprint"]["slug"] = "cpu-some-other-cpu-1000";
  write_text(*folder_ / "baselines/cpu-some-other-cpu-1000/host.json", other.dump());
  const auto out = *folder_ / "incomparable";
  const auto run = run_shell(suite("--perfgate_baseline_dir=" + (*folder_ / "baselines").string() +
                                   " --perfgate_out_dir=" + out.string() + " --benchmark_repetitions=5"));
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("INCOMPARABLE"), std::string::npos) << run.output;
  for (const auto& name : kCases) EXPECT_EQ(verdicts(out / "host.comparison.json")[name]["verdict"], "INCOMPARABLE");
}

TEST(HostSuiteInput, MissingBaselineStopsBeforeMeasuring) {
  const TempDir dir;
  const auto run = run_shell(suite("--perfgate_baseline=" + (dir / "absent.json").string()));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("absent.json: no such file"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("cpu_gemm"), std::string::npos) << "nothing was measured";
}

// Issue 15 item 15, issue 24: no baseline for the suite on any device is
// said before the cases run; they run, every case is NEW, the run NOT GATED
// and exit 0 (a suite's first runs break no pipeline), and the warning
// names the one command that makes the recorded results the baseline.
TEST(HostSuiteInput, NoBaselineAnywhereIsSaidBeforeMeasuringAndIsNotGated) {
  const TempDir dir;
  std::filesystem::create_directories(dir / "baselines");
  const auto run = run_shell(suite("--perfgate_baseline_dir=" + (dir / "baselines").string() + " --perfgate_out_dir=" +
                                   (dir / "out").string() + " --benchmark_repetitions=2"));
  EXPECT_EQ(run.exit_code, 0) << run.output;
  const std::size_t warned = run.output.find("has no baseline on any device: its cases will be NEW");
  ASSERT_NE(warned, std::string::npos) << run.output;
  EXPECT_LT(warned, run.output.find("cpu_gemm")) << run.output;
  EXPECT_NE(run.output.find("`perfgate baseline promote " + (dir / "out/host.results.json").string() + " --baseline-dir " +
                            (dir / "baselines").string() + "`"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("perfgate: NOT GATED (exit 0)"), std::string::npos) << run.output;
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "out/host.results.json"));
}

// Issue 19, issue 24: with no baseline anywhere and --perfgate_require_gated
// nothing measured could pass: the run stops before the first case, exit 2.
// Without the switch it measures and is NOT GATED, exit 0.
TEST(HostSuiteInput, NoBaselineUnderRequireGatedStopsBeforeMeasuring) {
  const TempDir dir;
  std::filesystem::create_directories(dir / "baselines");
  const std::string flags = "--perfgate_baseline_dir=" + (dir / "baselines").string() + " --benchmark_repetitions=2";
  const auto run = run_shell(suite(flags + " --perfgate_require_gated"));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("--perfgate_require_gated: suite host has no baseline on any device"), std::string::npos)
      << run.output;
  EXPECT_EQ(run.output.find("cpu_gemm"), std::string::npos) << "nothing was measured: " << run.output;
  const auto lenient = run_shell(suite(flags));
  EXPECT_EQ(lenient.exit_code, 0) << lenient.output;
  EXPECT_NE(lenient.output.find("NOT GATED"), std::string::npos) << lenient.output;
}

// A record run says the one command that makes its results the baseline.
TEST(HostSuiteInput, RecordRunSaysThePromoteCommand) {
  const TempDir dir;
  const std::filesystem::path results = dir / "host.results.json";
  const auto run = run_shell(suite("--perfgate_mode=record --perfgate_results=" + results.string() + " --perfgate_baseline_dir=" +
                                   (dir / "baselines").string() + " --benchmark_repetitions=2"));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("to make them the baseline: perfgate baseline promote " + results.string() + " --baseline-dir " +
                            (dir / "baselines").string()),
            std::string::npos)
      << run.output;
}

// Issue 19: a baseline of one round has no run-to-run spread; the warning
// comes before the first case is measured and names the way out.  A
// baseline of 3 rounds gets none.
TEST(HostSuiteInput, OneRoundBaselineWarnsBeforeMeasuring) {
  const TempDir dir;
  const std::filesystem::path base = dir / "base.json";
  const std::string filter = " --benchmark_filter='^cpu_elementwise/fused' --benchmark_repetitions=5";
  const std::string host = shell_word(PERFGATE_HOST_SUITE);
  ASSERT_EQ(run_shell(host + filter + " --perfgate_mode=record --perfgate_results=" + base.string()).exit_code, 0);
  const auto gated = run_shell(host + filter + " --perfgate_baseline=" + base.string());
  const std::size_t warned = gated.output.find("was recorded in one run: it has no run-to-run spread");
  ASSERT_NE(warned, std::string::npos) << gated.output;
  EXPECT_LT(warned, gated.output.find("cpu_elementwise/fused")) << gated.output;
  EXPECT_NE(gated.output.find("--append"), std::string::npos) << gated.output;

  Results three = load_results(base);
  for (BenchmarkResult& b : three.benchmarks) {
    std::vector<double> samples = b.samples;
    for (int round = 1; round < 3; ++round) b.samples.insert(b.samples.end(), samples.begin(), samples.end());
    b.rounds = {samples.size(), samples.size(), samples.size()};
  }
  save_results(three, base);
  const auto quiet = run_shell(host + filter + " --perfgate_baseline=" + base.string());
  EXPECT_EQ(quiet.output.find("recorded in"), std::string::npos) << quiet.output;
}

TEST(HostSuiteInput, MalformedBaselineIsExit2AndOutputsStayUntouched) {
  const TempDir dir;
  write_text(dir / "bad.json", "{\"schema\": \"perfgate/results\", \"schema_version\": 1, ");
  write_text(dir / "out/host.junit.xml", "previous report");
  const auto run = run_shell(suite("--perfgate_baseline=" + (dir / "bad.json").string() +
                                   " --perfgate_out_dir=" + (dir / "out").string()));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  // Read in a stream: where the document stops being JSON, and what was expected there.
  EXPECT_NE(run.output.find("bad.json: line 1, column 53: expected a key (a string), found the end of the input"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(read_text(dir / "out/host.junit.xml"), "previous report");
}

TEST(HostSuiteInput, UnknownPerfgateFlagIsExit2) {
  const auto run = run_shell(shell_word(PERFGATE_HOST_SUITE) + " --perfgate_treshold=5");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("unknown flag --perfgate_treshold"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace perfgate
