#include "perfgate/reports/markdown_writer.hpp"

#include <gtest/gtest.h>

#include "perfgate/model/version.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::traced_benchmark;
using testing::traced_kernel;

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

TEST(MarkdownWriter, StatusLineAndAttentionTable) {
  const Results base = results("host", {benchmark("slow|pipe", lognormal_samples(1e-3, 0.01, 10, 1)),
                                        benchmark("same", lognormal_samples(1e-3, 0.01, 10, 2))});
  const Results cur = results("host", {benchmark("slow|pipe", lognormal_samples(2e-3, 0.01, 10, 3)),
                                       benchmark("same", lognormal_samples(1e-3, 0.01, 10, 4))});
  Comparison c = compare_results(base, cur);
  c.baseline.origin = "baselines/cpu-x/host.json";
  const std::string md = comparison_to_markdown(c, 1);
  EXPECT_EQ(md.rfind("### ❌ perfgate `host`: FAIL (exit 1)", 0), 0u) << md;
  EXPECT_NE(md.find("#### Needs a look"), std::string::npos);
  EXPECT_NE(md.find("| slow\\|pipe |"), std::string::npos) << "pipes in names must not split cells";
  EXPECT_NE(md.find("<details><summary>All 2 benchmarks</summary>"), std::string::npos);
}



TEST(MarkdownWriter, KernelsSectionListsTheChangedKernelsOfEachCase) {
  const Results base = results("gpu", {traced_benchmark("gemm", 1e-3, 1, {traced_kernel("sgemm", 30, 10e3, 1), traced_kernel("reduce", 30, 2e3, 2),
                                                               traced_kernel("steady", 30, 5e3, 3), traced_kernel("old", 30, 1e3, 4)}),
                                       traced_benchmark("quiet", 1e-3, 2, {traced_kernel("copy", 30, 3e3, 5)})});
  const Results cur = results("gpu", {traced_benchmark("gemm", 2e-3, 3, {traced_kernel("sgemm", 30, 12e3, 11), traced_kernel("reduce", 60, 2e3, 12),
                                                              traced_kernel("steady", 30, 5e3, 13), traced_kernel("new|pipe", 30, 1e3, 14)}),
                                      traced_benchmark("quiet", 1e-3, 4, {traced_kernel("copy", 30, 3e3, 15)})});
  const std::string md = comparison_to_markdown(compare_results(base, cur), 1);
  const auto section = md.find("#### Kernels\n\n**gemm** (trace traces/gemm.json)\n\n"
                               "| Verdict | Kernel | Baseline | Current | Change | Calls/iter |\n");
  ASSERT_NE(section, std::string::npos) << md;
  EXPECT_NE(md.find("| REGRESSION | sgemm | 10.0 µs | 12.0 µs | +", section), std::string::npos) << md;
  EXPECT_NE(md.find("| NO_CHANGE | reduce | 2.00 µs | 2.00 µs | ", section), std::string::npos) << md;
  EXPECT_NE(md.find(" | 1 → 2 |\n", section), std::string::npos) << md;
  EXPECT_NE(md.find("| NEW | new\\|pipe | - | 1.00 µs | - | - → 1 |\n", section), std::string::npos) << md;
  EXPECT_NE(md.find("| REMOVED | old | 1.00 µs | - | - | 1 → - |\n", section), std::string::npos) << md;
  EXPECT_EQ(md.find("steady"), std::string::npos) << "an unchanged kernel is not listed\n" << md;
  EXPECT_EQ(md.find("**quiet**"), std::string::npos) << "a case without kernel changes is not listed\n" << md;
  EXPECT_LT(md.find("#### Needs a look"), section);
  EXPECT_LT(section, md.find("<details>"));
}

TEST(MarkdownWriter, NoKernelsSectionWithoutKernelChanges) {
  const Results base = results("gpu", {traced_benchmark("quiet", 1e-3, 2, {traced_kernel("copy", 30, 3e3, 5)})});
  const Results cur = results("gpu", {traced_benchmark("quiet", 1e-3, 4, {traced_kernel("copy", 30, 3e3, 15)})});
  const std::string md = comparison_to_markdown(compare_results(base, cur), 0);
  EXPECT_EQ(md.find("Kernels"), std::string::npos) << md;
}

// A GPU suite on a machine without a GPU: one line, its status, count and
// reason, not a row and a reason per case.
TEST(MarkdownWriter, AFullySkippedSuiteIsOneLine) {
  const std::string reason = "no CUDA device: no NVIDIA driver or GPU on this machine (cudaGetDeviceCount: "
                             "cudaErrorInsufficientDriver)";
  std::vector<BenchmarkResult> cases;
  for (int i = 0; i < 17; ++i) cases.push_back(testing::skipped_benchmark("gpu_timing/case_" + std::to_string(i), reason));
  const Comparison c = compare_results(Results{}, results("gpu_timing", cases));
  const std::string md = comparison_to_markdown(c, 77);
  // One line, and the footer every summary ends with.
  EXPECT_EQ(md, "### ⏭️ perfgate `gpu_timing`: SKIPPED (exit 77): 17 SKIPPED: " + reason + "\n\n" +
                    "<sub>judged by perfgate " + version() + "</sub>\n");
}

TEST(MarkdownWriter, SkippedCasesOfASuiteThatRanAreOneLinePerReason) {
  const Results base = results("gemm", {benchmark("gemm/fp32", lognormal_samples(1e-3, 0.01, 10, 1))});
  const Results cur = results("gemm", {benchmark("gemm/fp32", lognormal_samples(1e-3, 0.01, 10, 2)),
                                       testing::skipped_benchmark("gemm/fp8/a", "FP8 needs sm_89"),
                                       testing::skipped_benchmark("gemm/fp8/b", "FP8 needs sm_89")});
  const std::string md = comparison_to_markdown(compare_results(base, cur), 0);
  EXPECT_NE(md.find("#### Needs a look\n\n- 2 SKIPPED: FP8 needs sm\\_89\n"), std::string::npos) << md;
  EXPECT_EQ(md.find("**gemm/fp8/a**"), std::string::npos) << md;
}

// Many cases: the folded table goes, the regressions stay, and a note says so.
TEST(MarkdownWriter, TheCapDropsTheFoldedTableAndKeepsTheRegressions) {
  std::vector<BenchmarkResult> base, cur;
  for (int i = 0; i < 1000; ++i) {
    const std::string name = "host/case_" + std::to_string(i);
    base.push_back(benchmark(name, lognormal_samples(1e-3, 0.01, 10, i)));
    cur.push_back(benchmark(name, lognormal_samples(i < 4 ? 2e-3 : 1e-3, 0.01, 10, 1000 + i)));
  }
  const Comparison c = compare_results(results("host", base), results("host", cur));
  const std::string full = comparison_to_markdown(c, 1, 10'000'000);
  ASSERT_GT(full.size(), kMarkdownMaxBytes) << "the test needs a summary over the cap";
  const std::string md = comparison_to_markdown(c, 1);
  EXPECT_LE(md.size(), kMarkdownMaxBytes);
  EXPECT_EQ(md.rfind("### ❌ perfgate `host`: FAIL (exit 1)", 0), 0u);
  EXPECT_NE(md.find("> **Note:** 1 table left out to fit 60,000 bytes; the full report is in the artifact."),
            std::string::npos)
      << md.substr(0, 1000);
  for (int i = 0; i < 4; ++i) EXPECT_NE(md.find("**host/case\\_" + std::to_string(i) + "**"), std::string::npos) << i;
  EXPECT_EQ(md.find("<details>"), std::string::npos);
}

TEST(MarkdownWriter, CellEscapesMarkupAndLineBreaks) {
  EXPECT_EQ(markdown_cell("a|b"), "a\\|b");
  EXPECT_EQ(markdown_cell("<script>&"), "&lt;script&gt;&amp;");
  EXPECT_EQ(markdown_cell("two\nlines"), "two lines");
  EXPECT_EQ(markdown_cell("*bold* _it_ `code` [link]"), "\\*bold\\* \\_it\\_ \\`code\\` \\[link\\]");
}

TEST(MarkdownWriter, ThrottledRepetitionsAreAWarningThatNamesTheCases) {
  const Results base = results("gpu", {benchmark("gemm/bf16", lognormal_samples(1e-3, 0.01, 10, 1)),
                                       benchmark("copy", lognormal_samples(1e-3, 0.01, 10, 2))});
  Results cur = results("gpu", {benchmark("gemm/bf16", lognormal_samples(1e-3, 0.01, 7, 3)),
                                benchmark("copy", lognormal_samples(1e-3, 0.01, 10, 4))});
  cur.benchmarks[0].throttled_samples = 3;
  const std::string md = comparison_to_markdown(compare_results(base, cur), 0);
  EXPECT_NE(md.find("> **Warning:** THROTTLED: 3 repetitions ran with the SM clock below 75% of its maximum and were "
                    "left out of the gate's samples (gemm/bf16: 3)"),
            std::string::npos)
      << md;
  const std::string quiet = comparison_to_markdown(compare_results(base, base), 0);
  EXPECT_EQ(quiet.find("THROTTLED"), std::string::npos) << quiet;
}

TEST(MarkdownWriter, EnvironmentShiftIsAWarning) {
  std::vector<BenchmarkResult> base, cur;
  for (const char* name : {"b0", "b1", "b2", "b3", "b4"}) {
    const std::uint64_t seed = base.size();
    base.push_back(benchmark(name, lognormal_samples(1e-3, 0.01, 10, seed)));
    cur.push_back(benchmark(name, lognormal_samples(1.4e-3, 0.01, 10, 10 + seed)));
  }
  const Comparison c = compare_results(results("s", base), results("s", cur));
  ASSERT_TRUE(c.environment_shift.has_value());
  EXPECT_NE(comparison_to_markdown(c, 1).find("> **Warning:** ENVIRONMENT SHIFT"), std::string::npos);
}

// The text of the first code span at or after `from`, by CommonMark's rule: it
// closes at the next backtick run exactly as long as the one that opened it,
// and one space is stripped from each end when both ends have one.
std::string code_span_text(const std::string& md, std::size_t from) {
  const std::size_t open = md.find('`', from);
  if (open == std::string::npos) return "<no code span>";
  const std::size_t fence = md.find_first_not_of('`', open) - open;
  for (std::size_t at = open + fence; (at = md.find('`', at)) != std::string::npos;) {
    const std::size_t run = md.find_first_not_of('`', at) - at;
    if (run == fence) {
      std::string text = md.substr(open + fence, at - open - fence);
      if (text.size() >= 2 && text.front() == ' ' && text.back() == ' ') text = text.substr(1, text.size() - 2);
      return text;
    }
    at += run;
  }
  return "<unclosed code span>";
}

TEST(MarkdownWriter, ABacktickInTheSuiteNameStaysInsideItsCodeSpan) {
  for (const std::string suite : {"x` @all `y", "`", "a``b", "tail`", "gpu_timing", "a\\b*c"}) {
    const Results r = results(suite, {benchmark("b", lognormal_samples(1e-3, 0.01, 10, 1))});
    const std::string md = comparison_to_markdown(compare_results(r, r), 0);
    EXPECT_EQ(code_span_text(md, md.find("perfgate ")), suite) << md;
  }
}

TEST(MarkdownWriter, MentionsAndReferencesInNamesAreNeutralized) {
  const std::vector<std::string> names = {"@everyone", "@all", "#1", "!2", "$3", "%4", "&5", "~label", "x@group/team"};
  std::vector<BenchmarkResult> base, cur;
  for (std::size_t i = 0; i < names.size(); ++i) {
    base.push_back(benchmark(names[i], lognormal_samples(1e-3, 0.01, 10, i)));
    cur.push_back(benchmark(names[i], lognormal_samples(2e-3, 0.01, 10, 100 + i)));
  }
  const std::string md = comparison_to_markdown(compare_results(results("s", base), results("s", cur)), 1);
  for (const std::string live : {"@everyone", "@all", "#1", "!2", "$3", "%4", "&5", "&amp;5", "~label", "@group"})
    EXPECT_EQ(md.find(live), std::string::npos) << live << " is live in\n" << md;
  EXPECT_NE(md.find("@\u2060everyone"), std::string::npos) << "the name still reads the same\n" << md;
}

// A URL in a name is text, never a live link (GitHub autolinks "https://"
// and "www." even outside angle brackets).
TEST(MarkdownWriter, UrlsInNamesAreNeverLinks) {
  const std::string cell = markdown_cell("BM_x/https://evil.example/p www.evil.example");
  EXPECT_EQ(cell.find("https://"), std::string::npos) << cell;
  EXPECT_EQ(cell.find("www."), std::string::npos) << cell;
  EXPECT_EQ(cell, "BM\\_x/https\u2060://evil.example/p www\u2060.evil.example");
  std::vector<BenchmarkResult> base, cur;
  base.push_back(benchmark("fetch/https://evil.example", lognormal_samples(1e-3, 0.01, 10, 1)));
  cur.push_back(benchmark("fetch/https://evil.example", lognormal_samples(2e-3, 0.01, 10, 2)));
  const std::string md = comparison_to_markdown(compare_results(results("s", base), results("s", cur)), 1);
  EXPECT_EQ(md.find("https://evil"), std::string::npos) << md;
}

TEST(MarkdownWriter, CellLeavesSignsBeforeSpacesAlone) {
  EXPECT_EQ(markdown_cell("@all #1 !2"), "@\u2060all #\u20601 !\u20602");
  EXPECT_EQ(markdown_cell("50% of # !"), "50% of # !");
  EXPECT_EQ(markdown_cell("~~gone~~"), "\\~\u2060\\~\u2060gone\\~\u2060\\~");
}

TEST(MarkdownWriter, CodeSpanUsesALongerFenceThanAnyBacktickRunInside) {
  EXPECT_EQ(markdown_code("gemm"), "`gemm`");
  EXPECT_EQ(markdown_code("a`b"), "``a`b``");
  EXPECT_EQ(markdown_code("``x"), "``` ``x ```");
  EXPECT_EQ(markdown_code("two\nlines"), "`two lines`");
}

}  // namespace
}  // namespace perfgate
