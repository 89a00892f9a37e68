// `perfgate compare` on inputs other projects really wrote (tests/fixtures/real,
// copied from ../shared/fixtures/real with its SOURCES.md) and on Google
// Benchmark >= 1.8 outputs written by hand where Debian's 1.7.1 cannot
// produce them (tests/fixtures/gbench_1_9/README.md).

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <vector>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "shell.hpp"
#include "xml_document.hpp"

namespace perfgate {
namespace {

using nlohmann::json;
using testing::count_occurrences;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;
using testing::write_text;

std::string fixture(const std::string& relative) { return std::string(PERFGATE_TEST_FIXTURES) + "/" + relative; }

class RealInputs : public ::testing::Test {
 protected:
  testing::CommandResult compare(const std::string& base, const std::string& current) {
    return run_shell(shell_word(PERFGATE_CLI) + " compare " + shell_word(fixture(base)) + " " +
                     shell_word(fixture(current)) + " --junit " + shell_word(path("j.xml")) + " --json " +
                     shell_word(path("c.json")) + " --markdown " + shell_word(path("s.md")));
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  json comparison() const { return json::parse(read_text(dir_ / "c.json")); }
  testing::XmlDocument junit() const { return testing::XmlDocument(read_text(dir_ / "j.xml")); }
  static const json& benchmark(const json& c, const std::string& name) {
    for (const json& b : c["benchmarks"])
      if (b["name"] == name) return b;
    throw std::runtime_error("no benchmark " + name);
  }
  TempDir dir_;
};

// The false PASS of issue 14: a family that reported aggregates only was
// dropped while the file held other repetitions, so its 2x slowdown passed.
TEST_F(RealInputs, AggregatesOnlyFamilySlowdownFails) {
  const auto run = compare("gbench_1_9/aggregates_only_family_base.json", "gbench_1_9/aggregates_only_family_current.json");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_EQ(junit().values("//testcase[failure]/@name"), std::vector<std::string>{"BM_hash/4096"});
  const json c = comparison();
  const json& hash = benchmark(c, "BM_hash/4096");
  EXPECT_EQ(hash["verdict"], "REGRESSION");
  EXPECT_EQ(hash["from_summaries"], true);
  EXPECT_NEAR(hash["evidence"]["ratio"].get<double>(), 2.0, 0.1);
  EXPECT_NE(hash["reason"].get<std::string>().find("from summaries"), std::string::npos);
  EXPECT_EQ(benchmark(c, "BM_copy/1024")["verdict"], "NO_CHANGE");
}

TEST_F(RealInputs, ReportAggregatesOnlyRunWithASkippedCaseIsGated) {
  const auto run = compare("gbench_1_9/report_aggregates_only_base.json", "gbench_1_9/report_aggregates_only_current.json");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_EQ(junit().values("//testcase[failure]/@name"), std::vector<std::string>{"BM_scan/65536"});
  const json c = comparison();
  EXPECT_EQ(benchmark(c, "BM_sort/65536")["verdict"], "NO_CHANGE");
  const json& gpu = benchmark(c, "BM_gpu_scan/65536");
  EXPECT_EQ(gpu["verdict"], "SKIPPED");
  EXPECT_EQ(gpu["skipped"], true);
  EXPECT_NE(gpu["reason"].get<std::string>().find("no CUDA device"), std::string::npos);
}

// SkipWithMessage (Google Benchmark >= 1.8) is a skip: no 0-second sample,
// no -100%, the message kept, and a run of skips only exits 77.
TEST_F(RealInputs, EverythingSkippedExits77WithTheMessage) {
  const auto run = compare("gbench_1_9/all_measured.json", "gbench_1_9/all_skipped.json");
  EXPECT_EQ(run.exit_code, 77) << run.output;
  EXPECT_EQ(run.output.find("-100"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("median time is zero"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("perfgate: SKIPPED (exit 77): 3 SKIPPED"), std::string::npos) << run.output;
  EXPECT_EQ(junit().count("//testcase/skipped"), 3u);
  EXPECT_EQ(junit().count("//testcase/skipped[contains(@message, 'no CUDA device')]"), 3u);
  EXPECT_EQ(compare("gbench_1_9/all_skipped.json", "gbench_1_9/all_skipped.json").exit_code, 77);
}

TEST_F(RealInputs, SomeSkippedCasesAreNamedAndTheRestGated) {
  const auto run = compare("gbench_1_9/all_measured.json", "gbench_1_9/some_skipped.json");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  const json c = comparison();
  const json& saxpy = benchmark(c, "BM_saxpy/16777216");
  EXPECT_EQ(saxpy["verdict"], "SKIPPED");
  EXPECT_EQ(saxpy["skipped"], true);
  EXPECT_EQ(saxpy["reason"], "no CUDA device");
  EXPECT_EQ(benchmark(c, "BM_reduce/1048576")["verdict"], "NO_CHANGE");
}

// Dates: UTC ISO 8601 when the file's date names an instant, else left out.
TEST_F(RealInputs, DatesAreNormalizedOrLeftOut) {
  compare("gbench_1_9/aggregates_only_family_base.json", "gbench_1_9/aggregates_only_family_current.json");
  EXPECT_EQ(junit().values("//testsuite/@timestamp"), std::vector<std::string>{"2026-11-21T08:20:44Z"});
  EXPECT_EQ(comparison()["current"]["created_utc"], "2026-11-21T08:20:44Z");
  EXPECT_EQ(comparison()["baseline"]["created_utc"], "2026-11-20T08:15:02Z");
  // HELICS (MSVC, "04/28/20 23:26:24") and older Google Benchmark ("2019-11-29 21:26:59"): no zone.
  compare("real/helics-bench__bm_echoResults2020-04-28_haMSb.json", "real/helics-bench__bm_echoResults2020-04-29_m2pv2.json");
  EXPECT_EQ(junit().count("//testsuite/@timestamp"), 0u);
  EXPECT_EQ(comparison()["current"]["created_utc"], "");
}

// A file without repetitions: one warning line, saying how to get samples.
TEST_F(RealInputs, NoRepetitionsGivesOneWarningLine) {
  const auto run = compare("real/gh-action-benchmark__googlecpp_output.json", "real/gh-action-benchmark__googlecpp_output.json");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(count_occurrences(run.output, "no benchmark had enough samples"), 1u) << run.output;
  EXPECT_NE(run.output.find("--benchmark_repetitions"), std::string::npos) << run.output;
  EXPECT_EQ(count_occurrences(read_text(dir_ / "s.md"), "no benchmark had enough samples"), 1u);
  // ... and none where the files have repetitions.
  const auto with_repetitions = compare("real/cxxgraph__base.json", "real/cxxgraph__result_25_03_2022.json");
  EXPECT_EQ(with_repetitions.output.find("no benchmark had enough samples"), std::string::npos) << with_repetitions.output;
}

// NVBench JSON as RAPIDS' spark-rapids-jni wrote it (no sample files): each
// state a benchmark, the device from the file, judged from the summaries,
// and perfgate's exit code (NVBench's own compare exits 0).
TEST_F(RealInputs, NvbenchSummariesAreGatedWithOurExitCodes) {
  const auto run = compare("real/spark-rapids-jni__hash_before.json", "real/spark-rapids-jni__hash_after.json");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  const json c = comparison();
  EXPECT_EQ(c["baseline"]["device"]["slug"], "quadro-rtx-8000");
  EXPECT_EQ(c["current"]["device"]["kind"], "gpu");
  const json& slow = benchmark(c, "hash/size_bytes=1000000000 max_depth=1");
  EXPECT_EQ(slow["verdict"], "REGRESSION");
  EXPECT_EQ(slow["from_summaries"], true);
  EXPECT_NEAR(slow["evidence"]["ratio"].get<double>(), 2.58, 0.02);  // 10.23 ms / 3.97 ms, the files' means
  EXPECT_EQ(benchmark(c, "hash/size_bytes=1000000000 max_depth=8")["verdict"], "IMPROVEMENT");
  // +5.1% measured by a run whose spread was 12 times its baseline's (robust
  // CV 23.7% against 1.9%): a disturbed run, not a regression it can prove.
  const json& disturbed = benchmark(c, "hash/size_bytes=100000000 max_depth=4");
  EXPECT_EQ(disturbed["verdict"], "INCONCLUSIVE");
  EXPECT_EQ(disturbed["evidence"]["run_spread"]["source"], "noise");
  EXPECT_NE(disturbed["reason"].get<std::string>().find("the machine moved while it ran"), std::string::npos) << disturbed;
  EXPECT_EQ(junit().count("//testcase/failure"), 9u);
  EXPECT_EQ(junit().count("//testcase"), 16u);
}

// With the --jsonbin sample files beside the JSON the samples are judged,
// not the summaries.
TEST_F(RealInputs, NvbenchSampleFilesAreTheSamples) {
  const auto run = compare("nvbench/jsonbin.json", "nvbench/jsonbin.json");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  const json c = comparison();
  for (const json& b : c["benchmarks"]) {
    EXPECT_FALSE(b.contains("from_summaries")) << b.dump();
    if (b["verdict"] != "SKIPPED") EXPECT_EQ(b["current"]["n"], 5) << b.dump();
  }
}

// Every before/after pair of ../shared/fixtures/real/SOURCES.md, and every
// file against itself.  The gate is deterministic on files, so each pair's
// status is pinned (a change of it must be a decision, and show here); a
// file against itself must pass or be NOT GATED, never move: no REGRESSION,
// no IMPROVEMENT.  An exit 2 is one line naming the file, or a case that
// failed in the file (simdjson's kostya<yyjson>).
struct Pair {
  const char* base;
  const char* current;
  const char* status = nullptr;  // pinned for a pair; nullptr: a file against itself
};

class RealPairs : public RealInputs, public ::testing::WithParamInterface<Pair> {};

TEST_P(RealPairs, GiveTheirPinnedVerdict) {
  const Pair p = GetParam();
  const bool itself = std::string(p.base) == p.current;
  const auto run = compare(std::string("real/") + p.base + ".json", std::string("real/") + p.current + ".json");
  ASSERT_TRUE(run.exit_code == 0 || run.exit_code == 1 || run.exit_code == 2) << run.output;
  const json c = comparison();
  ASSERT_TRUE(junit().well_formed());
  const std::string status = c.at("status");
  if (itself) {
    const bool failed_case = junit().count("//testcase/error") >= 1;
    EXPECT_TRUE(status == "PASS" || status == "NOT_GATED" || (status == "ERROR" && failed_case)) << status << "\n" << run.output;
    for (const json& b : c.at("benchmarks")) {
      EXPECT_TRUE(b.at("verdict") != "REGRESSION" && b.at("verdict") != "IMPROVEMENT") << "a file against itself moved: " << b.dump();
      EXPECT_FALSE(b.contains("suspect")) << "nothing moved, nothing stands out: " << b.dump();
    }
    EXPECT_EQ(run.exit_code, failed_case ? 2 : 0) << run.output;
    return;
  }
  EXPECT_EQ(status, p.status) << run.output;
  EXPECT_EQ(run.exit_code, std::string(p.status) == "FAIL" ? 1 : std::string(p.status) == "ERROR" ? 2 : 0) << run.output;
  EXPECT_NE(run.output.find("perfgate: " + std::string(p.status == std::string("NOT_GATED") ? "NOT GATED" : p.status) + " (exit "),
            std::string::npos)
      << run.output;
}

// Issue 30: a real pair of files with one sample a benchmark is never PASS:
// NOT GATED, each change still shown, and the slowdowns that stand out from
// the suite's own spread of changes SUSPECT (never a failure), with the
// command that would judge them.
TEST_F(RealInputs, ASingleSamplePairIsNotGatedAndNamesItsSuspects) {
  const auto run = compare("real/helics-bench__bm_echoResults2020-04-28_haMSb.json",
                           "real/helics-bench__bm_echoResults2020-04-29_m2pv2.json");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("perfgate: NOT GATED (exit 0): 0 of 44 cases gated: 44 INCONCLUSIVE (10 SUSPECT)"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("--benchmark_filter='^(BMecho_multiCore/ipcCore/8|"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("--benchmark_repetitions=10"), std::string::npos) << run.output;
  const json c = comparison();
  EXPECT_EQ(c["status"], "NOT_GATED");
  std::size_t suspects = 0;
  for (const json& b : c["benchmarks"]) {
    EXPECT_EQ(b["verdict"], "INCONCLUSIVE") << b.dump();
    EXPECT_TRUE(b["evidence"]["change_pct"].is_number()) << "every change is shown: " << b.dump();
    if (!b.contains("suspect")) continue;
    ++suspects;
    EXPECT_GT(b["suspect"]["change_pct"].get<double>(), 5.0) << b.dump();
    EXPECT_GT(b["suspect"]["spreads"].get<double>(), 3.0) << b.dump();
  }
  EXPECT_EQ(suspects, 10u);
  EXPECT_NE(benchmark(c, "BMecho_multiCore/ipcCore/8").find("suspect"), benchmark(c, "BMecho_multiCore/ipcCore/8").end());
  EXPECT_EQ(junit().count("//testcase/failure"), 0u) << "a SUSPECT is never a failure";
  EXPECT_NE(read_text(dir_ / "s.md").find("INCONCLUSIVE (SUSPECT)"), std::string::npos);
}

// An input perfgate refuses is one line naming the file, exit 2.
TEST_F(RealInputs, ARefusedFileIsOneLineNamingIt) {
  write_text(dir_ / "broken.json", "{\"context\": {}, \"benchmarks\": [{\"name\": \"x\", \"real_time\": \"fast\"}]}");
  const auto run = run_shell(shell_word(PERFGATE_CLI) + " compare " + shell_word((dir_ / "broken.json").string()) + " " +
                             shell_word((dir_ / "broken.json").string()));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(count_occurrences(run.output, "\n"), 1u) << run.output;
  EXPECT_NE(run.output.find("broken.json"), std::string::npos) << run.output;
}

const Pair kPairs[] = {
    {"cxxgraph__base", "cxxgraph__result_25_03_2022", "FAIL"},
    {"cxxgraph__result_25_03_2022", "cxxgraph__result_28_03_2022", "FAIL"},
    {"cxxgraph__result_28_03_2022", "cxxgraph__BenchmarkResults_0.4.0", "FAIL"},
    {"cxxgraph__bellmanford", "cxxgraph__bellmanford_optimized", "NOT_GATED"},
    {"nvbench__test_ref", "nvbench__test_cmp", "PASS"},
    {"spark-rapids-jni__hash_before", "spark-rapids-jni__hash_after", "FAIL"},
    {"spark-rapids-jni__seq_before", "spark-rapids-jni__seq_after", "PASS"},
    {"spark-rapids-jni__fused_before", "spark-rapids-jni__fused_after", "NOT_GATED"},
    {"gbviewer__benchmark_results-33bfa83-offset_list", "gbviewer__benchmark_results-33bfa83-offset_list-scaled", "NOT_GATED"},
    {"bpfilter__8621e84", "bpfilter__7d87bb0", "NOT_GATED"},
    {"bpfilter__0c29423", "bpfilter__dc4b1a8", "NOT_GATED"},
    {"simdjson-results__v0.7.0_15_skylake-clang11", "simdjson-results__v0.7.0_16_skylake-clang11", "NOT_GATED"},
    {"helics-bench__bm_messageSendResults2020-04-28_haMSb", "helics-bench__bm_messageSendResults2020-04-29_m2pv2", "NOT_GATED"},
    {"helics-bench__bm_echoResults2020-04-28_haMSb", "helics-bench__bm_echoResults2020-04-29_m2pv2", "NOT_GATED"},
    {"kokkos-results__Frontier_Kokkos_PerformanceTest_MDRangePolicy_Stream_2026-09-24_T08-04-19",
     "kokkos-results__Frontier_Kokkos_PerformanceTest_MDRangePolicy_Stream_2026-09-28_T08-04-24", "NOT_GATED"},
    {"kokkos-results__openmp-gxx_Kokkos_PerformanceTest_Benchmark_2026-05-05_T18-28-10",
     "kokkos-results__openmp-gxx_Kokkos_PerformanceTest_Benchmark_2026-05-05_T23-02-37", "NOT_GATED"},
    {"simd-research__benchmark_results_avx512", "simd-research__benchmark_results_avx512_new_struct", "NOT_GATED"},
};

// The pairs above, then every file of the corpus against itself.
std::vector<Pair> all_pairs() {
  static std::vector<std::string> stems;  // owns the strings the pairs point to
  std::vector<Pair> pairs(std::begin(kPairs), std::end(kPairs));
  if (stems.empty())
    for (const auto& entry : std::filesystem::directory_iterator(fixture("real")))
      if (entry.path().extension() == ".json") stems.push_back(entry.path().stem().string());
  std::sort(stems.begin(), stems.end());
  for (const std::string& stem : stems) pairs.push_back({stem.c_str(), stem.c_str()});
  return pairs;
}

std::string pair_name(const ::testing::TestParamInfo<Pair>& info) {
  std::string name = "P" + std::to_string(info.index) + "_" + info.param.base +
                     (std::string(info.param.base) == info.param.current ? "_itself" : "");
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(SharedCorpus, RealPairs, ::testing::ValuesIn(all_pairs()), pair_name);

}  // namespace
}  // namespace perfgate
