#include "perfgate/reports/html_report.hpp"

#include <algorithm>
#include <set>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "perfgate/model/counter_names.hpp"
#include "perfgate/reports/run_status.hpp"
#include "perfgate/gate/comparison_text.hpp"
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
  const auto verdict = page.find("id=\"verdict\" data-exit-code=\"1\" data-status=\"FAIL\">FAIL (exit 1): 2 of 3 cases gated: ");
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
  EXPECT_LT(page.find("class=\"regression-row\" data-benchmark=\"slow\""), page.find("class=\"forest\""));
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
  EXPECT_NE(page.find("id=\"verdict\" data-exit-code=\"1\" data-status=\"FAIL\">FAIL (exit 1): 2 suites (1 FAIL, 1 PASS), "
                      "4 of 6 cases gated: "),
            std::string::npos);
  EXPECT_EQ(count_occurrences(page, "class=\"forest-row\""), 4u);
}

// The opening tags of the elements around `at`, outermost first: the
// report's own markup closes every element but the void ones.
std::vector<std::string> enclosing_tags(const std::string& page, std::size_t at) {
  static const std::set<std::string> kVoid = {"meta", "br", "input", "img", "hr", "link", "wbr", "col"};
  std::vector<std::string> open;
  for (auto pos = page.find("<body"); pos != std::string::npos && pos < at; pos = page.find('<', pos + 1)) {
    const std::string tag = page.substr(pos, page.find('>', pos) + 1 - pos);
    if (tag.starts_with("</")) {
      if (!open.empty()) open.pop_back();
    } else if (!tag.starts_with("<!") && !tag.ends_with("/>") && !kVoid.count(tag.substr(1, tag.find_first_of(" >") - 1))) {
      open.push_back(tag);
    }
  }
  return open;
}

// The data-detail of the part around `at` ("" when none: the "only
// regressions" filter keeps it).
std::string detail_around(const std::string& page, std::size_t at) {
  std::string detail;
  for (const std::string& tag : enclosing_tags(page, at))
    if (const auto key = tag.find(" data-detail=\""); key != std::string::npos)
      detail = tag.substr(key + 14, tag.find('"', key + 14) - key - 14);
  return detail;
}

// A suite with every part: a regression (traced: kernel rows), a case with
// counters (a roofline), a derived figure, advice about a case and the run.
GateRun full_run(const std::string& suite) {
  GateRun r;
  const auto cases = [&](double slow, std::uint64_t seed) {
    return std::vector<BenchmarkResult>{
        testing::traced_benchmark(suite + "/slow", slow, seed, {testing::traced_kernel("k1", 30, slow * 9e8, seed + 1)}),
        with_work(benchmark(suite + "/same", lognormal_samples(1e-3, 0.01, 10, seed + 2)), 2e12, 1e9, 500, 1000, 50, 30)};
  };
  r.base = results(suite, cases(1e-3, 1), testing::test_gpu());
  r.cur = results(suite, cases(1.5e-3, 10), testing::test_gpu());
  r.cur.figures = {{suite + "/slow_over_same", 1.5, "x", "median(" + suite + "/slow) / median(" + suite + "/same)",
                    {suite + "/slow", suite + "/same"}, std::nullopt}};
  r.comparison = compare_results(r.base, r.cur);
  for (const std::string& about : {suite + "/same", std::string()}) {
    Suggestion s;
    s.rule = "noisy";
    s.benchmark = about;
    s.priority = Priority::low;
    s.evidence = "evidence about " + (about.empty() ? "the run" : about);
    s.hint = "pin the clocks";
    r.comparison.suggestions.push_back(s);
  }
  return r;
}

// The suite `suite`'s section: from its opening tag to its end.
std::string section_of(const std::string& page, const std::string& suite) {
  const auto at = page.find("data-suite=\"" + suite + "\" data-status=");
  if (at == std::string::npos) return {};
  const auto from = page.rfind("<section", at);
  return page.substr(from, page.find("</section>", at) + 10 - from);
}

TEST(HtmlReport, WhatTheRegressionsFilterHidesIsMarkedAsDetail) {
  const GateRun r = full_run("gemm");
  ASSERT_EQ(r.comparison.find("gemm/slow")->verdict, Verdict::regression);
  const std::string page = comparison_to_html({r.comparison, 1, &r.cur, &r.base});
  EXPECT_NE(page.find("<section class=\"suite\" data-suite=\"gemm\" data-status=\"FAIL\" data-regressions=\"1\">"),
            std::string::npos);
  // Each part that is about no regression, wrapped whole.
  const std::vector<std::pair<std::string, std::string>> details = {{"<table class=\"figures\"", "figures"},
                                                                    {"<table class=\"kernels\"", "kernels"},
                                                                    {"<svg class=\"roofline\"", "roofline"},
                                                                    {"<details class=\"suggestions\"", "suggestions"},
                                                                    {"<p class=\"note\">baseline: ", "notes"}};
  for (const auto& [element, detail] : details) {
    const auto at = page.find(element);
    ASSERT_NE(at, std::string::npos) << element;
    EXPECT_EQ(detail_around(page, at), detail) << element;
  }
  // The regression and its rows are not.
  for (const std::string& element :
       {"<tr class=\"regression-row\" data-benchmark=\"gemm/slow\"", "<g class=\"forest-row\" data-benchmark=\"gemm/slow\"",
        "<tr class=\"bench-row\" data-benchmark=\"gemm/slow\"", "<figure class=\"dist\" data-benchmark=\"gemm/slow\"",
        "<svg class=\"forest\"", "<table class=\"benchmarks\""}) {
    const auto at = page.find(element);
    ASSERT_NE(at, std::string::npos) << element;
    EXPECT_EQ(detail_around(page, at), "") << element;
    const std::vector<std::string> around = enclosing_tags(page, at);
    EXPECT_TRUE(std::any_of(around.begin(), around.end(), [](const std::string& t) { return t.starts_with("<section class=\"suite\""); }))
        << element;
  }
}

// A run whose failing suite is third, with skipped suites between.
RunReport mixed_run() {
  RunReport run;
  const auto same_twice = [](const std::string& suite, std::uint64_t seed) {
    const Results r = results(suite, {benchmark(suite + "/a", lognormal_samples(1e-3, 0.01, 10, seed))});
    return SuiteReport{compare_results(r, r), 0, r, r};
  };
  const auto skipped = [](const std::string& suite, const std::string& why, std::size_t n) {
    std::vector<BenchmarkResult> base, cur;
    for (std::size_t i = 0; i < n; ++i) {
      const std::string name = suite + "/case" + std::to_string(i);
      base.push_back(benchmark(name, lognormal_samples(1e-3, 0.01, 10, i + 1)));
      cur.push_back(testing::skipped_benchmark(name, why));
    }
    const Results b = results(suite, base), c = results(suite, cur);
    return SuiteReport{compare_results(b, c), 77, c, b};
  };
  run.push_back(same_twice("alpha", 1));
  run.push_back(skipped("skipped_one", "no CUDA device", 4));
  GateRun failing = full_run("gamma");
  run.push_back({failing.comparison, 1, failing.cur, failing.base});
  const Results old_cases = results("delta", {benchmark("delta/old", lognormal_samples(1e-3, 0.01, 10, 7))});
  const Results new_cases = results("delta", {benchmark("delta/new", lognormal_samples(1e-3, 0.01, 10, 8))});
  run.push_back({compare_results(old_cases, new_cases), 0, new_cases, old_cases});
  run.push_back(skipped("skipped_two", "needs 8 GPUs", 2));
  run.push_back(same_twice("epsilon", 2));
  return run;
}

TEST(HtmlReport, RunPageShowsTheFailingSuitesFirstThenNotGatedThenPassingThenSkipped) {
  const RunReport run = mixed_run();
  ASSERT_EQ(suite_status(run[3]), GateStatus::not_gated);
  ASSERT_EQ(suite_status(run[1]), GateStatus::skipped);
  const std::string page = run_to_html(run);
  const std::vector<std::string> order = {"gamma", "delta", "alpha", "epsilon", "skipped_one", "skipped_two"};
  std::size_t last_section = 0, last_option = 0;
  for (const std::string& suite : order) {
    const auto section = page.find("<section class=\"suite");
    const auto at = page.find(" data-suite=\"" + suite + "\" data-status=", section);
    ASSERT_NE(at, std::string::npos) << suite;
    EXPECT_GT(at, last_section) << suite << " is out of order";
    last_section = at;
    const auto option = page.find("<option value=\"" + suite + "\">");
    ASSERT_NE(option, std::string::npos) << suite;
    EXPECT_GT(option, last_option) << suite << "'s filter option is out of order";
    last_option = option;
  }
  // The regression is the first thing under the headline.
  EXPECT_EQ(page.find("<h2>Suite gamma</h2>"), page.find("<h2>"));
  EXPECT_LT(page.find("<h2>Suite gamma</h2>"), page.find("<tr class=\"regression-row\""));
  EXPECT_LT(page.find("<tr class=\"regression-row\""), page.find("<h2>Suite delta</h2>"));
  EXPECT_NE(section_of(page, "delta").find("NOT GATED: "), std::string::npos);
}

TEST(HtmlReport, ASuiteThatRanNothingIsOneLineWithItsCountAndReason) {
  const RunReport run = mixed_run();
  const std::string page = run_to_html(run);
  const std::string one = section_of(page, "skipped_one");
  ASSERT_FALSE(one.empty());
  EXPECT_EQ(one.rfind("<section class=\"suite skipped-suite\" data-suite=\"skipped_one\" data-status=\"SKIPPED\" "
                      "data-regressions=\"0\"><p class=\"skipped-line\"><b>Suite skipped_one</b> SKIPPED (exit 77): 4 SKIPPED: "
                      "no CUDA device</p></section>",
                      0),
            0u)
      << one;
  EXPECT_NE(section_of(page, "skipped_two").find("2 SKIPPED: needs 8 GPUs</p></section>"), std::string::npos);
  // None of their cases has a row, a plot or a table.
  for (const std::string& suite : {"skipped_one", "skipped_two"}) {
    EXPECT_EQ(count_occurrences(page, "data-suite=\"" + suite + "\""), 1u) << suite;
    EXPECT_EQ(count_occurrences(page, "data-benchmark=\"" + suite + "/"), 0u) << suite;
  }
  EXPECT_EQ(count_occurrences(page, "class=\"skipped-line\""), 2u);
  EXPECT_EQ(count_occurrences(page, "<section class=\"suite\""), 4u);  // the four that ran, in full
  // Both skip reasons at once, with their counts.
  RunReport two_reasons = run;
  two_reasons[1].comparison.benchmarks[0].reason = "needs sm_89";
  EXPECT_NE(section_of(run_to_html(two_reasons), "skipped_one").find("no CUDA device (3); needs sm_89 (1)"), std::string::npos);
}

TEST(HtmlReport, EverySectionSaysItsStatusAndRegressionCount) {
  const std::string page = run_to_html(mixed_run());
  for (const auto& [suite, status, regressions] :
       std::vector<std::tuple<std::string, std::string, std::string>>{{"gamma", "FAIL", "1"},
                                                                      {"delta", "NOT_GATED", "0"},
                                                                      {"alpha", "PASS", "0"},
                                                                      {"skipped_two", "SKIPPED", "0"}})
    EXPECT_NE(page.find("data-suite=\"" + suite + "\" data-status=\"" + status + "\" data-regressions=\"" + regressions + "\">"),
              std::string::npos)
        << suite;
}

TEST(HtmlReport, FiltersLiveInTheFragmentAndABadOneIsIgnored) {
  const GateRun r = host_run();
  const std::string page = comparison_to_html({r.comparison, 1, &r.cur, &r.base});
  // The browser tests run it; here, that the page carries that script: the
  // fragment written back, and the one decoding that can throw guarded.
  EXPECT_NE(page.find("history.replaceState("), std::string::npos);
  EXPECT_NE(page.find("addEventListener('hashchange', fromFragment)"), std::string::npos);
  EXPECT_EQ(count_occurrences(page, "decodeURIComponent("), 1u);
  EXPECT_NE(page.find("try { return decodeURIComponent(text); } catch (e) { return null; }"), std::string::npos);
  EXPECT_NE(page.find("<p class=\"note\" id=\"nothing-shown\" data-hidden>"), std::string::npos);
}

// 2,000 cases, every 20th 3x slower (issue 28): the page stays under 2 MB;
// the pictures draw the first 40 cases in report order and say so; each
// regression is one row of the compact table whose change is stated once
// outside its folded why.
std::string attribute_of(const std::string& tag, const std::string& name) {
  const auto at = tag.find(" " + name + "=\"") + name.size() + 3;
  return tag.substr(at, tag.find('"', at) - at);
}

TEST(HtmlReport, TwoThousandCasesMakeAPageUnderTwoMegabytes) {
  std::vector<BenchmarkResult> base, cur;
  for (int i = 0; i < 2000; ++i) {
    const std::string name = "suite/case" + std::to_string(i);
    base.push_back(benchmark(name, lognormal_samples(1e-4, 0.02, 20, 2 * i + 1)));
    cur.push_back(benchmark(name, lognormal_samples(i % 20 == 0 ? 3e-4 : 1e-4, 0.02, 20, 2 * i + 2)));
  }
  const Results b = results("big", base), c = results("big", cur);
  const Comparison comparison = compare_results(b, c);
  const std::string page = comparison_to_html({comparison, 1, &c, &b});
  EXPECT_LT(page.size(), std::size_t{2} << 20);
  EXPECT_EQ(count_occurrences(page, "<g class=\"forest-row\""), 40u);
  EXPECT_EQ(count_occurrences(page, "<figure class=\"dist\""), 40u);
  EXPECT_EQ(count_occurrences(page, "The first 40 of 2000 cases in report order"), 2u);
  EXPECT_EQ(count_occurrences(page, "<tr class=\"bench-row\""), 2000u);
  EXPECT_EQ(count_occurrences(page, "<tr class=\"regression-row\""), 100u);
  const auto row = page.find("<tr class=\"regression-row\"");
  const std::string regression = page.substr(row, page.find("</tr>", row) - row);
  const std::string change = format_change(comparison.find(attribute_of(regression, "data-benchmark"))->evidence->ratio);
  const auto why = regression.find("<div class=\"why\">");
  ASSERT_NE(why, std::string::npos);
  const std::string outside_why = regression.substr(0, why) + regression.substr(regression.find("</div>", why));
  EXPECT_EQ(count_occurrences(outside_why, change), 1u) << regression;
}

}  // namespace
}  // namespace perfgate
