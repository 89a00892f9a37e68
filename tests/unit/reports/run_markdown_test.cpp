#include "perfgate/reports/run_markdown.hpp"

#include <gtest/gtest.h>

#include "perfgate/gate/exit_code.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/explain/suggest.hpp"
#include "perfgate/reports/markdown_writer.hpp"
#include "perfgate/reports/run_status.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

// What a CPU-only runner says about every case of a GPU suite.
const std::string kNoGpu =
    "no CUDA device: no NVIDIA driver or GPU on this machine (cudaGetDeviceCount: cudaErrorInsufficientDriver)";

SuiteReport gated(const Results& base, const Results& cur) {
  SuiteReport s{compare_results(base, cur)};
  s.comparison.suggestions = explain(cur, &s.comparison, &base, {});
  s.exit_code = gate_exit_code(s.comparison);
  return s;
}

// A GPU suite on a machine without one: every case skipped, exit 77.
SuiteReport skipped_suite(const std::string& name, std::size_t cases) {
  std::vector<BenchmarkResult> skipped;
  for (std::size_t i = 0; i < cases; ++i)
    skipped.push_back(testing::skipped_benchmark(name + "/case_" + std::to_string(i), kNoGpu));
  return gated(Results{}, results(name, skipped));
}

// `cases` host cases, the first `regressed` of them twice as slow.
SuiteReport ran_suite(const std::string& name, std::size_t cases, std::size_t regressed) {
  std::vector<BenchmarkResult> base, cur;
  for (std::size_t i = 0; i < cases; ++i) {
    const std::string case_name = name + "/sort_" + std::to_string(i) + "/4096";
    base.push_back(benchmark(case_name, lognormal_samples(1e-3, 0.01, 10, i)));
    cur.push_back(benchmark(case_name, lognormal_samples(i < regressed ? 2e-3 : 1e-3, 0.01, 10, 1000 + i)));
  }
  return gated(results(name, base), results(name, cur));
}

// The CPU-only picture of the issue: seven GPU suites skipped, two ran.
RunReport cpu_only_run() {
  RunReport run;
  for (const auto& [name, cases] : std::vector<std::pair<std::string, std::size_t>>{
           {"elementwise", 17}, {"fno", 28}, {"gemm", 36}, {"gpu_timing", 10}, {"kde", 12}, {"memory", 10}, {"transfer", 20}})
    run.push_back(skipped_suite(name, cases));
  run.insert(run.begin() + 3, ran_suite("harness", 200, 3));
  run.push_back(ran_suite("host", 200, 0));
  return run;
}

// Every inline code span's text, by CommonMark's rule (a span closes at the
// next backtick run as long as its opener; a backslash-escaped backtick
// opens none).
std::vector<std::string> code_spans(const std::string& md) {
  std::vector<std::string> spans;
  for (std::size_t at = 0; (at = md.find('`', at)) != std::string::npos;) {
    if (at > 0 && md[at - 1] == '\\') {
      ++at;
      continue;
    }
    const std::size_t fence = md.find_first_not_of('`', at) - at;
    std::size_t close = at + fence;
    while ((close = md.find('`', close)) != std::string::npos) {
      const std::size_t run = md.find_first_not_of('`', close) - close;
      if (run == fence) break;
      close += run;
    }
    if (close == std::string::npos) break;
    spans.push_back(md.substr(at + fence, close - at - fence));
    at = close + fence;
  }
  return spans;
}

std::size_t lines_containing(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    n += text.substr(start, end - start).find(what) != std::string::npos ? 1 : 0;
    start = end + 1;
  }
  return n;
}

TEST(RunMarkdown, HeadlineFirstWithTheWorstExitCodeAndCountsOverAllSuites) {
  const RunReport run = cpu_only_run();
  EXPECT_EQ(run_exit_code(run), kExitRegression);
  const std::string md = run_to_markdown(run, kMarkdownMaxBytes);
  EXPECT_EQ(md.rfind("## ❌ perfgate: FAIL (exit 1): 9 suites (1 FAIL, 1 PASS, 7 SKIPPED), 400 of 533 cases gated: "
                     "3 REGRESSION, ",
                     0),
            0u)
      << md.substr(0, 400);
  EXPECT_NE(md.find("133 SKIPPED"), std::string::npos) << md.substr(0, 400);
  // The suite table comes next: failing suites first, then passing, then skipped ones.
  const std::size_t harness = md.find("| `harness` | ❌ FAIL (exit 1) | 200 of 200 |");
  const std::size_t host = md.find("| `host` | ✅ PASS (exit 0) | 200 of 200 |");
  const std::size_t gemm = md.find("| `gemm` | ⏭️ SKIPPED (exit 77) | 0 of 36 | 36 SKIPPED |");
  ASSERT_NE(harness, std::string::npos) << md.substr(0, 2000);
  ASSERT_NE(host, std::string::npos);
  ASSERT_NE(gemm, std::string::npos);
  EXPECT_LT(harness, host);
  EXPECT_LT(host, gemm);
  EXPECT_LT(gemm, md.find("### ❌ perfgate `harness`")) << "the table before any suite's section";
}

// A suite with no baseline of its own: every case NEW.
SuiteReport new_suite(const std::string& name, std::size_t cases) {
  std::vector<BenchmarkResult> cur;
  for (std::size_t i = 0; i < cases; ++i)
    cur.push_back(benchmark(name + "/case_" + std::to_string(i), lognormal_samples(1e-3, 0.01, 10, 500 + i)));
  SuiteReport s = gated(results(name, {}), results(name, cur));
  s.comparison.gate_advice = "record a baseline for cpu-test-cpu-9000 with `perfgate baseline update --suite " + name + "`";
  return s;
}

// Issue 24: NOT GATED is its own state: never counted as PASS, ordered after
// the failing suites and before the passing ones, with its reason.
TEST(RunMarkdown, NotGatedSuitesAreNeitherPassNorHidden) {
  RunReport run;
  run.push_back(ran_suite("host", 20, 0));
  run.push_back(skipped_suite("gemm", 4));
  run.push_back(new_suite("collectives", 6));
  const std::string md = run_to_markdown(run, kMarkdownMaxBytes);
  EXPECT_EQ(md.rfind("## ✅ perfgate: PASS (exit 0): 3 suites (1 NOT GATED, 1 PASS, 1 SKIPPED), 20 of 30 cases gated: ", 0), 0u)
      << md.substr(0, 400);
  const std::size_t collectives = md.find("| `collectives` | ⚪ NOT GATED (exit 0) | 0 of 6 | 6 NEW |");
  const std::size_t host = md.find("| `host` | ✅ PASS (exit 0) | 20 of 20 |");
  ASSERT_NE(collectives, std::string::npos) << md.substr(0, 1500);
  ASSERT_NE(host, std::string::npos) << md.substr(0, 1500);
  EXPECT_LT(collectives, host) << "not gated before passing";
  EXPECT_NE(md.find("> **Not gated:** there is no baseline of these cases; record a baseline for"), std::string::npos) << md;

  // Nothing gated anywhere: the run is NOT GATED, not a green PASS.
  RunReport nothing;
  nothing.push_back(new_suite("collectives", 6));
  nothing.push_back(skipped_suite("gemm", 4));
  const std::string none = run_to_markdown(nothing, kMarkdownMaxBytes);
  EXPECT_EQ(none.rfind("## ⚪ perfgate: NOT GATED (exit 0): 2 suites (1 NOT GATED, 1 SKIPPED), 0 of 10 cases gated: ", 0), 0u)
      << none.substr(0, 400);
  EXPECT_EQ(none.find("✅"), std::string::npos) << none;
  EXPECT_EQ(run_status(nothing), GateStatus::not_gated);
}

TEST(RunMarkdown, SkippedSuitesAreOneLineEachAfterTheSuitesThatRan) {
  const std::string md = run_to_markdown(cpu_only_run(), kMarkdownMaxBytes);
  const std::size_t section = md.find("### ⏭️ Skipped here\n\n");
  ASSERT_NE(section, std::string::npos) << md;
  EXPECT_LT(md.find("### ✅ perfgate `host`"), section);
  EXPECT_NE(md.find("- `gemm`: 36 SKIPPED: " + kNoGpu + "\n", section), std::string::npos) << md.substr(section);
  EXPECT_EQ(lines_containing(md, kNoGpu), 7u) << "the reason once per skipped suite, not once per case";
  EXPECT_EQ(md.find("gemm/case_"), std::string::npos) << "no row for a skipped case";
  EXPECT_EQ(md.find("device unknown"), std::string::npos) << "no file of unknown device was read";
}

TEST(RunMarkdown, SevenSkippedAndTwoRanSuitesOf200CasesFitTheCap) {
  const RunReport run = cpu_only_run();
  const std::string full = run_to_markdown(run, 10'000'000);
  const std::string md = run_to_markdown(run, kMarkdownMaxBytes);
  EXPECT_LE(md.size(), kMarkdownMaxBytes);
  if (full.size() > kMarkdownMaxBytes)
    EXPECT_NE(md.find("left out to fit 60,000 bytes; the full report is in the artifact."), std::string::npos);
  EXPECT_EQ(md.rfind("## ❌ perfgate: FAIL (exit 1)", 0), 0u);
}

TEST(RunMarkdown, TheCapKeepsTheHeadlineAndTheRegressionsAndSaysWhatWent) {
  const RunReport run = cpu_only_run();
  const std::string md = run_to_markdown(run, 12'000);
  EXPECT_LE(md.size(), 12'000u);
  EXPECT_EQ(md.rfind("## ❌ perfgate: FAIL (exit 1)", 0), 0u) << md;
  for (int i = 0; i < 3; ++i)
    EXPECT_NE(md.find("harness/sort\\_" + std::to_string(i) + "/4096"), std::string::npos) << "regression " << i << "\n" << md;
  EXPECT_NE(md.find("> **Note:** 2 tables"), std::string::npos) << md;
  EXPECT_NE(md.find("to fit 12,000 bytes; the full report is in the artifact."), std::string::npos) << md;
  EXPECT_EQ(md.find("<details>"), std::string::npos) << "the folded tables go first";
  EXPECT_NE(md.find("- `gemm`: 36 SKIPPED"), std::string::npos) << "skipped suites are kept, one line each";
}

TEST(RunMarkdown, EvenATinyCapIsHeldAndCutAtALineEnd) {
  const std::string md = run_to_markdown(cpu_only_run(), 600);
  EXPECT_LE(md.size(), 600u);
  EXPECT_EQ(md.rfind("## ❌ perfgate: FAIL (exit 1)", 0), 0u) << md;
  EXPECT_NE(md.find("… (cut to fit)"), std::string::npos) << md;
}

TEST(RunMarkdown, NoBackslashInCodeSpans) {
  RunReport run = cpu_only_run();
  run.push_back(ran_suite("my_suite*[x]", 3, 1));
  const std::string md = run_to_markdown(run, kMarkdownMaxBytes);
  EXPECT_NE(md.find("`gpu_timing`"), std::string::npos) << md;
  EXPECT_NE(md.find("### ❌ perfgate `my_suite*[x]`"), std::string::npos);
  const auto spans = code_spans(md);
  EXPECT_GT(spans.size(), 10u);
  for (const std::string& span : spans) EXPECT_EQ(span.find('\\'), std::string::npos) << span;
}

TEST(RunMarkdown, AnEmptyRunIsAnErrorHeadline) {
  const std::string md = run_to_markdown({}, kMarkdownMaxBytes);
  EXPECT_EQ(md.rfind("## ⚠️ perfgate: ERROR (exit 2): 0 suites", 0), 0u) << md;
}

// The six GPU suites measured on the H100 against the H100 baselines: the
// page the issue measured at 78 KB fits a GitHub comment.
TEST(RunMarkdown, AnH100RunOfSixSuitesFitsAGitHubComment) {
  const std::string fixtures = PERFGATE_TEST_FIXTURES;
  RunReport run;
  for (const char* suite : {"elementwise", "fno", "gemm", "kde", "memory", "transfer"}) {
    const Results cur = load_results(fixtures + "/h100/" + suite + ".results.json");
    const Results base = load_results(fixtures + "/../../baselines/nvidia-h100-80gb-hbm3/" + suite + ".json");
    run.push_back(gated(base, cur));
  }
  // The fixtures hold 3 samples a case (too few to judge); a host suite of
  // the same run brings the regressions the cap must keep.
  run.push_back(ran_suite("host", 200, 3));
  const std::string full = run_to_markdown(run, 10'000'000);
  const std::string md = run_to_markdown(run, kMarkdownMaxBytes);
  EXPECT_LE(md.size(), kMarkdownMaxBytes) << "uncapped " << full.size() << " bytes";
  EXPECT_GT(full.size(), kMarkdownMaxBytes) << "the cap must have had something to cut";
  EXPECT_EQ(md.find("## "), 0u);
  std::size_t regressions = 0;
  for (const SuiteReport& s : run)
    for (const BenchmarkComparison& b : s.comparison.benchmarks)
      if (b.verdict == Verdict::regression) {
        ++regressions;
        EXPECT_NE(md.find(markdown_cell(b.name)), std::string::npos) << b.name;
      }
  EXPECT_GE(regressions, 3u) << "the planted slowdowns are regressions, each named in the capped summary";
}

}  // namespace
}  // namespace perfgate
