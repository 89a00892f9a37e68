#include "perfgate/writers/html_report.hpp"

#include <gtest/gtest.h>

#include "perfgate/model/counter_names.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::count_occurrences;
using testing::lognormal_samples;
using testing::results;

struct GateRun {
  Results base, cur;
  Comparison comparison;
};

GateRun host_run(const std::string& slow_name = "slow") {
  GateRun r;
  r.base = results("host", {benchmark(slow_name, lognormal_samples(1e-3, 0.01, 10, 1)),
                            benchmark("same", lognormal_samples(1e-3, 0.01, 10, 2)),
                            benchmark("gone", lognormal_samples(1e-3, 0.01, 10, 3))});
  r.cur = results("host", {benchmark(slow_name, lognormal_samples(2e-3, 0.01, 10, 4)),
                           benchmark("same", lognormal_samples(1e-3, 0.01, 10, 5)),
                           benchmark("fresh", lognormal_samples(1e-3, 0.01, 10, 6))});
  r.comparison = compare_results(r.base, r.cur);
  return r;
}

TEST(HtmlReport, SelfContainedWithTheVerdictOnTop) {
  const GateRun r = host_run();
  const std::string page = comparison_to_html({r.comparison, 1, &r.cur, &r.base});
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(page.find("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"), std::string::npos);
  EXPECT_EQ(page.find("http://"), std::string::npos);
  EXPECT_EQ(page.find("https://"), std::string::npos);
  EXPECT_EQ(page.find("<link"), std::string::npos);
  EXPECT_EQ(page.find(" src="), std::string::npos);
  // The verdict comes before any plot.
  const auto verdict = page.find("id=\"verdict\" data-exit-code=\"1\">FAIL (exit 1)");
  ASSERT_NE(verdict, std::string::npos);
  EXPECT_LT(verdict, page.find("<svg"));
}

TEST(HtmlReport, RegressionFirstWithReasonAndOneForestRowPerComparedCase) {
  GateRun r = host_run();
  Suggestion advice;
  advice.rule = "noisy";
  advice.benchmark = "slow";
  advice.priority = Priority::high;
  advice.evidence = "robust CV 9%";
  advice.expected_gain.text = "1.2x";
  advice.hint = "pin the clocks";
  r.comparison.suggestions.push_back(advice);
  const std::string page = comparison_to_html({r.comparison, 1, &r.cur, &r.base});
  EXPECT_EQ(count_occurrences(page, "class=\"forest-row\""), 2u);  // slow and same; NEW and REMOVED have no interval
  const auto first_row = page.find("class=\"forest-row\"");
  EXPECT_EQ(page.find("data-benchmark=\"slow\"", first_row), page.find("data-benchmark=", first_row));
  EXPECT_NE(page.find("Regressions (1)"), std::string::npos);
  EXPECT_LT(page.find("class=\"regression\" data-benchmark=\"slow\""), page.find("class=\"forest\""));
  EXPECT_NE(page.find(r.comparison.find("slow")->reason.substr(0, 20)), std::string::npos);
  EXPECT_NE(page.find("pin the clocks"), std::string::npos);
  EXPECT_NE(page.find("99% interval"), std::string::npos);
}

TEST(HtmlReport, DistributionsFromTheResultsElseANote) {
  const GateRun r = host_run();
  const std::string with = comparison_to_html({r.comparison, 1, &r.cur, &r.base});
  EXPECT_EQ(count_occurrences(with, "<figure class=\"dist\""), 2u);
  EXPECT_EQ(count_occurrences(with, "class=\"baseline-dot\""), 20u);
  const std::string without = comparison_to_html({r.comparison, 1, nullptr, nullptr});
  EXPECT_EQ(count_occurrences(without, "<figure class=\"dist\""), 0u);
  EXPECT_NE(without.find("made without both of them"), std::string::npos);
}

TEST(HtmlReport, TextFromInputIsEscaped) {
  const GateRun r = host_run("<script>alert(\"x\")</script>&");
  const std::string page = comparison_to_html({r.comparison, 1, &r.cur, &r.base});
  EXPECT_EQ(page.find("<script>alert"), std::string::npos);
  EXPECT_NE(page.find("&lt;script&gt;alert"), std::string::npos);
  EXPECT_EQ(count_occurrences(page, "<script>"), 1u);  // the page's own
}

BenchmarkResult with_work(BenchmarkResult b, double flop, double bytes, double tflops, double gbs, double compute_pct,
                          double memory_pct) {
  b.counters[counter::kFlop] = flop;
  b.counters[counter::kBytesRead] = bytes;
  b.counters[counter::kArithmeticIntensity] = flop / bytes;
  b.counters[counter::kTflopPerSecond] = tflops;
  b.counters[counter::kGigabytesPerSecond] = gbs;
  b.counters[counter::kComputePct] = compute_pct;
  b.counters[counter::kMemoryPct] = memory_pct;
  b.counters[counter::kPrecision] = std::string("bf16");
  return b;
}

TEST(HtmlReport, RooflineHasAPointPerCaseWithCountersAndTheImpliedCeilings) {
  Results cur = results("gemm", {with_work(benchmark("gemm/a", lognormal_samples(1e-3, 0.01, 10, 1)), 2e12, 1e9, 500, 1000, 50, 30),
                                 with_work(benchmark("gemm/b", lognormal_samples(1e-3, 0.01, 10, 2)), 1e10, 1e9, 10, 1000, 1, 30),
                                 benchmark("plain", lognormal_samples(1e-3, 0.01, 10, 3))},
                        testing::test_gpu());
  const Comparison c = compare_results(cur, cur);
  const std::string page = comparison_to_html({c, 0, &cur, &cur});
  EXPECT_EQ(count_occurrences(page, "class=\"roofline-point"), 2u);
  EXPECT_NE(page.find("bf16 1PFLOP/s"), std::string::npos) << "500 TFLOP/s at 50%";
  EXPECT_NE(page.find("3.33TB/s memory"), std::string::npos) << "1000 GB/s at 30%";
  const std::string none = comparison_to_html({c, 0, nullptr, nullptr});
  EXPECT_EQ(none.find("class=\"roofline\""), std::string::npos);
}

TEST(HtmlReport, BatchCurveWithKneeAndTheSizesThatDidNotRun) {
  std::vector<BenchmarkResult> cases;
  std::vector<std::string> names;
  for (int b = 1; b <= 64; b *= 2) {
    names.push_back("fno/batch/x/" + std::to_string(b));
    cases.push_back(benchmark(names.back(), lognormal_samples(1e-3 * (b < 8 ? 1 : b / 8.0), 0.01, 10, b)));
  }
  names.push_back("fno/batch/x/128");
  cases.push_back(testing::skipped_benchmark(names.back(), "out of device memory at batch 128"));
  Results cur = results("fno", cases);
  cur.figures = {{"fno/batch/x/knee_batch", 8.0, "batch", "smallest B with ...", names, std::nullopt},
                 {"fno/batch/x/largest_batch_that_fits", 64.0, "batch", "largest B with a measured case", names, std::nullopt}};
  Comparison c = compare_results(cur, cur);
  c.figures = cur.figures;
  const std::string page = comparison_to_html({c, 0, &cur, &cur});
  EXPECT_EQ(count_occurrences(page, "class=\"batch-point\""), 7u);
  EXPECT_EQ(count_occurrences(page, "class=\"batch-failed\""), 1u);
  EXPECT_NE(page.find("knee B = 8"), std::string::npos);
  EXPECT_NE(page.find("largest that ran B = 64"), std::string::npos);
  EXPECT_NE(page.find("out of device memory at batch 128"), std::string::npos);
  EXPECT_EQ(count_occurrences(page, "class=\"figure-row\""), 2u);
}

TEST(HtmlReport, KernelRowsForTracedCases) {
  const Results base = results("t", {testing::traced_benchmark("traced", 1e-3, 1, {testing::traced_kernel("k1", 30, 900e3, 2)})});
  const Results cur = results("t", {testing::traced_benchmark("traced", 1.5e-3, 3, {testing::traced_kernel("k1", 30, 1400e3, 4),
                                                                                    testing::traced_kernel("k2", 30, 5e3, 5)})});
  const Comparison c = compare_results(base, cur);
  const std::string page = comparison_to_html({c, 1, &cur, &base});
  EXPECT_EQ(count_occurrences(page, "class=\"kernel-row\""), 2u);
  EXPECT_NE(page.find("data-kernel=\"k2\""), std::string::npos);
}

TEST(HtmlReport, RunPageHasEverySuiteAndTheWorstExitCode) {
  const GateRun a = host_run();
  GateRun b = host_run();
  b.comparison.suite = "other";
  RunReport run;
  run.push_back({a.comparison, 1, a.cur, a.base});
  run.push_back({b.comparison, 0, std::nullopt, std::nullopt});
  const std::string page = run_to_html(run);
  EXPECT_EQ(count_occurrences(page, "<section class=\"suite\""), 2u);
  EXPECT_NE(page.find("<option value=\"other\">"), std::string::npos);
  EXPECT_NE(page.find("id=\"verdict\" data-exit-code=\"1\">FAIL (exit 1): 2 suites"), std::string::npos);
  EXPECT_EQ(count_occurrences(page, "class=\"forest-row\""), 4u);
}

}  // namespace
}  // namespace perfgate
