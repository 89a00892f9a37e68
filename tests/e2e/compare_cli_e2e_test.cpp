// `perfgate compare` as CI calls it: exit codes, reports, and bad input.

#include <algorithm>
#include <filesystem>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/formats/results_io.hpp"
#include "results_builder.hpp"
#include "shell.hpp"
#include "xml_document.hpp"

namespace perfgate {
namespace {

using nlohmann::json;
using testing::benchmark;
using testing::lognormal_samples;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;
using testing::write_text;

testing::CommandResult perfgate_cli(const std::string& args) { return run_shell(shell_word(PERFGATE_CLI) + " " + args); }

Results suite_run(double slow_factor, std::uint64_t seed, Fingerprint device = testing::test_cpu()) {
  return testing::results("kernels",
                          {benchmark("gemm/fp32/1024", lognormal_samples(2e-3, 0.01, 10, seed)),
                           benchmark("gemm/bf16/1024", lognormal_samples(1e-3 * slow_factor, 0.01, 10, seed + 1)),
                           benchmark("copy/d2d/64MiB", lognormal_samples(5e-4, 0.01, 10, seed + 2))},
                          std::move(device));
}

class CompareCli : public ::testing::Test {
 protected:
  void write(const std::string& name, const Results& r) { write_text(dir_ / name, results_to_json(r)); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string reports() const {
    return " --junit " + path("out/j.xml") + " --json " + path("out/c.json") + " --markdown " + path("out/s.md");
  }
  TempDir dir_;
};

TEST_F(CompareCli, NoChangeExits0) {
  write("base.json", suite_run(1.0, 1));
  write("cur.json", suite_run(1.0, 100));
  const auto run = perfgate_cli("compare " + path("base.json") + " " + path("cur.json") + reports());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("PASS (exit 0)"), std::string::npos) << run.output;
  EXPECT_TRUE(testing::XmlDocument(read_text(dir_ / "out/j.xml")).well_formed());
}

TEST_F(CompareCli, RegressionExits1WithReportsNamingIt) {
  write("base.json", suite_run(1.0, 1));
  write("cur.json", suite_run(1.5, 100));
  const auto run = perfgate_cli("compare " + path("base.json") + " " + path("cur.json") + reports());
  EXPECT_EQ(run.exit_code, 1) << run.output;
  const testing::XmlDocument junit(read_text(dir_ / "out/j.xml"));
  EXPECT_EQ(junit.values("//testcase[failure]/@name"), std::vector<std::string>{"gemm/bf16/1024"});
  const json comparison = json::parse(read_text(dir_ / "out/c.json"));
  EXPECT_EQ(comparison["exit_code"], 1);
  EXPECT_EQ(comparison["benchmarks"][0]["confirmation"], "unavailable");
  EXPECT_NE(read_text(dir_ / "out/s.md").find("FAIL (exit 1)"), std::string::npos);
}

TEST_F(CompareCli, ThresholdFlagRaisesTheBar) {
  write("base.json", suite_run(1.0, 1));
  write("cur.json", suite_run(1.5, 100));
  EXPECT_EQ(perfgate_cli("compare " + path("base.json") + " " + path("cur.json") + " --threshold 60").exit_code, 0);
}

TEST_F(CompareCli, OtherDeviceIsIncomparableAndExits0) {
  write("base.json", suite_run(1.0, 1, testing::test_gpu("NVIDIA A100-SXM4-80GB", 108)));
  write("cur.json", suite_run(3.0, 100, testing::test_gpu()));
  const auto run = perfgate_cli("compare " + path("base.json") + " " + path("cur.json") + reports());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("INCOMPARABLE"), std::string::npos);
  EXPECT_EQ(testing::XmlDocument(read_text(dir_ / "out/j.xml")).count("//testcase/skipped"), 3u);
}

TEST_F(CompareCli, GoogleBenchmarkJsonWithRepetitions) {
  const auto gbench = [](double factor, unsigned seed) {
    json doc = {{"context", {{"date", "2026-11-22"}, {"num_cpus", 2}}}, {"benchmarks", json::array()}};
    for (const char* name : {"BM_sort/4096", "BM_copy/4096"}) {
      const double scale = std::string(name) == "BM_sort/4096" ? factor : 1.0;
      for (double t : lognormal_samples(100.0 * scale, 0.01, 12, seed++))
        doc["benchmarks"].push_back({{"name", std::string(name) + "/repeats:12"}, {"run_name", std::string(name) + "/repeats:12"},
                                     {"run_type", "iteration"}, {"iterations", 1000}, {"real_time", t},
                                     {"cpu_time", t}, {"time_unit", "us"}});
      doc["benchmarks"].push_back({{"name", std::string(name) + "/repeats:12_mean"}, {"run_type", "aggregate"},
                                   {"aggregate_name", "mean"}, {"real_time", 100.0}, {"time_unit", "us"}});
    }
    return doc.dump(1);
  };
  write_text(dir_ / "old.json", gbench(1.0, 1));
  write_text(dir_ / "new.json", gbench(1.3, 50));
  const auto run = perfgate_cli("compare " + path("old.json") + " " + path("new.json") + reports());
  EXPECT_EQ(run.exit_code, 1) << run.output;
  const testing::XmlDocument junit(read_text(dir_ / "out/j.xml"));
  EXPECT_EQ(junit.values("//testcase[failure]/@name"), std::vector<std::string>{"BM_sort/4096"});
  EXPECT_EQ(junit.count("//testcase"), 2u);
}

// Each bad input: exit 2, one line on stderr naming the file and the
// problem, and the reports from an earlier run left as they were.
struct BadInput {
  const char* what;
  std::function<std::string(const json&)> make;  // from a valid document to the bad file's text
  const char* message;
};

void PrintTo(const BadInput& input, std::ostream* out) { *out << input.what; }

class CompareCliBadInput : public CompareCli, public ::testing::WithParamInterface<BadInput> {};

TEST_P(CompareCliBadInput, Exit2OneLineNothingOverwritten) {
  write("base.json", suite_run(1.0, 1));
  write_text(dir_ / "cur.json", GetParam().make(json::parse(results_to_json(suite_run(1.0, 2)))));
  for (const char* report : {"out/j.xml", "out/c.json", "out/s.md"}) write_text(dir_ / report, "earlier report");
  const auto run = perfgate_cli("compare " + path("base.json") + " " + path("cur.json") + reports());
  EXPECT_EQ(run.exit_code, 2) << run.output;
  const std::string expected = "perfgate: error: " + path("cur.json") + ": ";
  EXPECT_EQ(run.output.rfind(expected, 0), 0u) << run.output;
  EXPECT_NE(run.output.find(GetParam().message), std::string::npos) << run.output;
  EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << run.output;
  for (const char* report : {"out/j.xml", "out/c.json", "out/s.md"}) EXPECT_EQ(read_text(dir_ / report), "earlier report");
}

INSTANTIATE_TEST_SUITE_P(
    Files, CompareCliBadInput,
    ::testing::Values(
        BadInput{"malformed", [](const json& d) { return d.dump().substr(0, 40); }, "malformed JSON"},
        BadInput{"future_schema", [](json d) { d["schema_version"] = 99; return d.dump(); }, "schema_version 99 is newer"},
        BadInput{"nan_sample",
                 [](const json& d) {
                   std::string text = d.dump();
                   const auto at = text.find("\"samples\":[") + 11;
                   return text.insert(at, "NaN,");
                 },
                 "NaN is not a JSON number"},
        BadInput{"negative_sample", [](json d) { d["benchmarks"][0]["samples"][0] = -0.5; return d.dump(); }, "negative"},
        BadInput{"empty_samples", [](json d) { d["benchmarks"][0]["samples"] = json::array(); return d.dump(); }, "has no samples"},
        BadInput{"duplicate", [](json d) { d["benchmarks"][1]["name"] = "gemm/fp32/1024"; return d.dump(); }, "appears more than once"},
        BadInput{"odd_name", [](json d) { d["benchmarks"][1]["name"] = "tab\tname"; return d.dump(); }, "control character"},
        BadInput{"unknown_device", [](json d) { d["fingerprint"]["kind"] = "fpga"; return d.dump(); }, "unknown device kind 'fpga'"}),
    [](const ::testing::TestParamInfo<BadInput>& param_info) { return std::string(param_info.param.what); });

TEST_F(CompareCli, MissingFileIsExit2) {
  write("base.json", suite_run(1.0, 1));
  const auto run = perfgate_cli("compare " + path("base.json") + " " + path("absent.json"));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("absent.json: no such file"), std::string::npos) << run.output;
}

TEST_F(CompareCli, UnwritableReportIsExit2) {
  write("base.json", suite_run(1.0, 1));
  write("cur.json", suite_run(1.0, 2));
  write_text(dir_ / "file", "x");
  const auto run = perfgate_cli("compare " + path("base.json") + " " + path("cur.json") + " --junit " + path("file/j.xml"));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("file/j.xml"), std::string::npos) << run.output;
}

TEST_F(CompareCli, UsageErrorsAreExit2) {
  EXPECT_EQ(perfgate_cli("compare only-one.json").exit_code, 2);
  EXPECT_EQ(perfgate_cli("frobnicate").exit_code, 2);
  EXPECT_EQ(perfgate_cli("compare a.json b.json --fdr 7").exit_code, 2);
  EXPECT_EQ(perfgate_cli("compare a.json b.json --noise-multiplier 101").exit_code, 2);
  EXPECT_EQ(perfgate_cli("compare a.json b.json --noise-multiplier -1").exit_code, 2);
}

// Issue 15 item 5: these let a +50% regression pass with exit 0.
TEST_F(CompareCli, NanAndOutOfRangeGateFlagsAreRefusedNotAPass) {
  write("base.json", suite_run(1.0, 1));
  write("cur.json", suite_run(1.5, 100));
  for (const std::string bad : {"--fdr=nan", "--fdr=0", "--threshold=nan", "--noise-multiplier=nan", "--threshold=inf",
                                "--fdr=-0.5", "--min-samples=2.5", "--threshold=1e999"}) {
    const auto run = perfgate_cli("compare " + path("base.json") + " " + path("cur.json") + " " + bad);
    EXPECT_EQ(run.exit_code, 2) << bad << "\n" << run.output;
    EXPECT_EQ(run.output.find("PASS"), std::string::npos) << bad << "\n" << run.output;
  }
  // The range is printed with %g, not DBL_MAX's 309 digits.
  const auto run = perfgate_cli("compare " + path("base.json") + " " + path("cur.json") + " --threshold=-1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("above 0 and at most 1e+06"), std::string::npos) << run.output;
  EXPECT_LT(run.output.size(), 400u) << run.output;
  // The suite binaries accept the same edges: fdr 1 and noise multiplier 0.
  EXPECT_EQ(perfgate_cli("compare " + path("base.json") + " " + path("cur.json") + " --fdr 1 --noise-multiplier 0").exit_code, 1);
}

// Issue 15 item 6: another suite's baseline, an empty current file, a filter
// typo that left nothing: nothing was gated, and one note names both files.
// Issue 24: that is NOT GATED, never PASS: exit 0, and 2 with --require-gated.
TEST_F(CompareCli, NothingOnBothSidesIsNotGatedNamingBothFiles) {
  write("base.json", suite_run(1.0, 1));
  write("other.json", testing::results("other", {benchmark("other/case", lognormal_samples(1e-3, 0.01, 10, 5))}));
  write("empty.json", testing::results("kernels", {}));
  for (const std::string current : {"other.json", "empty.json"}) {
    const auto run = perfgate_cli("compare " + path("base.json") + " " + path(current) + reports());
    EXPECT_EQ(run.exit_code, 0) << current << "\n" << run.output;
    EXPECT_NE(run.output.find("nothing to gate: no benchmark of " + current + " is in base.json"), std::string::npos)
        << "both files, named as reports name them: " << run.output;
    EXPECT_NE(run.output.find("NOT GATED (exit 0)"), std::string::npos) << run.output;
    EXPECT_EQ(run.output.find("PASS"), std::string::npos) << run.output;
    const json c = json::parse(read_text(dir_ / "out/c.json"));
    EXPECT_EQ(c["exit_code"], 0);
    EXPECT_EQ(c["status"], "NOT_GATED");
    const auto strict = perfgate_cli("compare " + path("base.json") + " " + path(current) + " --require-gated" + reports());
    EXPECT_EQ(strict.exit_code, 2) << strict.output;
    EXPECT_NE(strict.output.find("NOT GATED (exit 2)"), std::string::npos) << strict.output;
    EXPECT_EQ(json::parse(read_text(dir_ / "out/c.json"))["exit_code"], 2);
  }
}

// Issue 15 item 15: the report's folder is created from the normalized path.
TEST_F(CompareCli, AReportPathWithDotDotLeavesNoStrayFolder) {
  write("base.json", suite_run(1.0, 1));
  write("cur.json", suite_run(1.0, 100));
  const auto run = perfgate_cli("compare " + path("base.json") + " " + path("cur.json") + " --junit " + path("o/../o/x/../j.xml"));
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(std::filesystem::is_regular_file(dir_ / "o/j.xml"));
  EXPECT_FALSE(std::filesystem::exists(dir_ / "o/x")) << "a stray folder was created";
}

TEST_F(CompareCli, NoiseMultiplierRaisesTheThresholdOnlyWhenAsked) {
  // 1% noise, +8%: a REGRESSION against the 5% threshold; 30 robust CVs (~30%) put it within.
  write("base.json", suite_run(1.0, 1));
  write("cur.json", suite_run(1.08, 100));
  EXPECT_EQ(perfgate_cli("compare " + path("base.json") + " " + path("cur.json")).exit_code, 1);
  EXPECT_EQ(perfgate_cli("compare " + path("base.json") + " " + path("cur.json") + " --noise-multiplier 30").exit_code, 0);
}

TEST_F(CompareCli, PromoteMakesResultsTheBaselineEachFileARound) {
  write("run1.json", suite_run(1.0, 1));
  write("run2.json", suite_run(1.0, 2));
  const std::string dir = path("baselines");
  const auto refused = run_shell("CI=1 " + shell_word(PERFGATE_CLI) + " baseline promote " + path("run1.json") +
                                 " --baseline-dir " + dir);
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  const auto promoted = run_shell("env -u CI " + shell_word(PERFGATE_CLI) + " baseline promote " + path("run1.json") +
                                  " " + path("run2.json") + " --baseline-dir " + dir);
  ASSERT_EQ(promoted.exit_code, 0) << promoted.output;
  const Results baseline = load_results(dir_ / "baselines/cpu-test-cpu-9000/kernels.json");
  EXPECT_EQ(baseline.benchmarks[0].rounds, (std::vector<std::size_t>{10, 10}));
  write("run3.json", suite_run(1.0, 3));
  const auto appended = run_shell("env -u CI " + shell_word(PERFGATE_CLI) + " baseline promote " + path("run3.json") +
                                  " --append --baseline-dir " + dir);
  ASSERT_EQ(appended.exit_code, 0) << appended.output;
  EXPECT_EQ(load_results(dir_ / "baselines/cpu-test-cpu-9000/kernels.json").benchmarks[0].rounds,
            (std::vector<std::size_t>{10, 10, 10}));
}

TEST_F(CompareCli, PromoteRefusesFailedCasesAndUnknownDevices) {
  Results failed = suite_run(1.0, 1);
  failed.benchmarks.push_back(testing::failed_benchmark("broken", "cudaMalloc: out of memory"));
  write("failed.json", failed);
  const auto run = run_shell("env -u CI " + shell_word(PERFGATE_CLI) + " baseline promote " + path("failed.json") +
                             " --baseline-dir " + path("baselines"));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("case 'broken' failed"), std::string::npos) << run.output;
  const auto gbench = run_shell("env -u CI " + shell_word(PERFGATE_CLI) + " baseline promote " +
                                shell_word(std::string(PERFGATE_TEST_FIXTURES) + "/gbench/test3_run0.json") +
                                " --baseline-dir " + path("baselines"));
  EXPECT_EQ(gbench.exit_code, 2) << gbench.output;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "baselines"));
}

TEST(DeviceCommand, PrintsTheHostSlug) {
  const auto run = perfgate_cli("device --json");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const json j = json::parse(run.output.substr(run.output.find('{')));
  EXPECT_EQ(j["host"]["kind"], "cpu");
  EXPECT_EQ(j["host"]["slug"].get<std::string>().rfind("cpu-", 0), 0u);
  if (j["gpus"].empty()) EXPECT_EQ(j["gpu_unavailable"].get<std::string>().rfind("no CUDA device: ", 0), 0u);
  for (const auto& gpu : j["gpus"]) {
    EXPECT_EQ(gpu["theoretical_ceilings"]["source"], "theoretical");
    EXPECT_GT(gpu["theoretical_ceilings"]["memory_GB/s"].get<double>(), 0.0);
  }
}

TEST(DeviceCommand, TheReportNamesTheHostAndEveryGpuOrWhyThereIsNone) {
  const testing::TempDir dir;
  const auto run = perfgate_cli("device --baseline-dir " + shell_word(dir.path().string()));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("Host CPU: "), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("logical CPUs"), std::string::npos) << run.output;
  const bool gpu = run.output.find("GPU 0: ") != std::string::npos;
  if (gpu) {
    EXPECT_NE(run.output.find("ceilings            theoretical"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("calibration         none at"), std::string::npos) << run.output;
  } else {
    EXPECT_NE(run.output.find("no CUDA device: "), std::string::npos) << run.output;
  }
}

TEST(DeviceCommand, CalibrateWithoutADeviceIsOneLineAndExitTwo) {
  const auto probe = perfgate_cli("device --json");
  if (probe.output.find("\"gpu_unavailable\"") == std::string::npos) GTEST_SKIP() << "a GPU is present";
  const testing::TempDir dir;
  const auto run = perfgate_cli("device --calibrate --baseline-dir " + shell_word(dir.path().string()));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(run.output.rfind("perfgate: error: no CUDA device: ", 0), 0u) << run.output;
  EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << run.output;
  EXPECT_TRUE(std::filesystem::is_empty(dir.path())) << "nothing written";
}

TEST(DeviceCommand, AnInvalidCalibrationIsOneLineAndExitTwo) {
  const auto probe = perfgate_cli("device --json");
  const json j = json::parse(probe.output.substr(probe.output.find('{')));
  if (j["gpus"].empty()) GTEST_SKIP() << "the report reads device.json only for a GPU it found";
  const testing::TempDir dir;
  const std::string slug = j["gpus"][0]["slug"];
  std::filesystem::create_directories(dir / slug);
  testing::write_text(dir / slug / "device.json", "{\"schema\": \"perfgate/device\", \"schema_version\": 1,");
  const auto run = perfgate_cli("device --baseline-dir " + shell_word(dir.path().string()));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("device.json: malformed JSON"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace perfgate
