#include "perfgate/gate/comparison.hpp"
#include "perfgate/gate/gate_status.hpp"
#include "perfgate/gate/exit_code.hpp"

#include <cmath>

#include <gtest/gtest.h>

#include "perfgate/platform/errors.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

std::vector<double> timed(double median, std::uint64_t seed, double cv = 0.01, std::size_t n = 10) {
  return lognormal_samples(median, cv, n, seed);
}

Verdict verdict_of(const Comparison& c, const std::string& name) {
  const BenchmarkComparison* b = c.find(name);
  EXPECT_NE(b, nullptr) << name;
  return b ? b->verdict : Verdict::error;
}

TEST(Comparison, EveryVerdictFromResults) {
  const Results base = results("s", {benchmark("same", timed(1e-3, 1)), benchmark("slower", timed(1e-3, 2)),
                                     benchmark("faster", timed(1e-3, 3)), benchmark("few", timed(1e-3, 4, 0.01, 3)),
                                     benchmark("gone", timed(1e-3, 5)), benchmark("broken", timed(1e-3, 6)),
                                     benchmark("nodevice", timed(1e-3, 7)), benchmark("noisy", timed(1e-3, 8))});
  const Results cur = results("s", {benchmark("same", timed(1e-3, 11)), benchmark("slower", timed(1.3e-3, 12)),
                                    benchmark("faster", timed(0.7e-3, 13)), benchmark("few", timed(2e-3, 14)),
                                    benchmark("fresh", timed(1e-3, 15)), testing::failed_benchmark("broken", "boom"),
                                    testing::skipped_benchmark("nodevice", "no CUDA device: none"),
                                    benchmark("noisy", {1.4e-3, 1.3e-3, 0.9e-3, 1.0e-3, 1.2e-3, 1.25e-3})});
  const Comparison c = compare_results(base, cur);
  EXPECT_EQ(verdict_of(c, "same"), Verdict::no_change);
  EXPECT_EQ(verdict_of(c, "slower"), Verdict::regression);
  EXPECT_EQ(verdict_of(c, "faster"), Verdict::improvement);
  EXPECT_EQ(verdict_of(c, "few"), Verdict::inconclusive);
  EXPECT_EQ(verdict_of(c, "fresh"), Verdict::added);
  EXPECT_EQ(verdict_of(c, "gone"), Verdict::removed);
  EXPECT_EQ(verdict_of(c, "broken"), Verdict::error);
  EXPECT_EQ(verdict_of(c, "nodevice"), Verdict::skipped);
  EXPECT_EQ(c.find("nodevice")->reason, "no CUDA device: none");
  EXPECT_NE(verdict_of(c, "noisy"), Verdict::regression) << "a noisy case needs more than a noisy change";
}

TEST(Comparison, OtherDeviceIsIncomparable) {
  const Results base = results("s", {benchmark("x", timed(1e-3, 1))}, testing::test_gpu("NVIDIA A100-SXM4-80GB", 108));
  const Results cur = results("s", {benchmark("x", timed(2e-3, 2)), benchmark("y", timed(1e-3, 3))}, testing::test_gpu());
  const Comparison c = compare_results(base, cur);
  EXPECT_FALSE(c.comparable);
  EXPECT_EQ(verdict_of(c, "x"), Verdict::incomparable);
  EXPECT_EQ(verdict_of(c, "y"), Verdict::added);
  EXPECT_NE(c.incomparable_reason.find("device name"), std::string::npos);
  ASSERT_TRUE(c.find("x")->evidence.has_value()) << "the numbers are still reported";
}

TEST(Comparison, PerBenchmarkThresholdOverride) {
  Results base = results("s", {benchmark("x", timed(1e-3, 1))});
  base.benchmarks[0].gate.threshold_pct = 50.0;
  const Results cur = results("s", {benchmark("x", timed(1.3e-3, 2))});
  const Comparison c = compare_results(base, cur);
  EXPECT_EQ(verdict_of(c, "x"), Verdict::no_change);
  EXPECT_DOUBLE_EQ(c.find("x")->threshold_pct, 50.0);
}

TEST(Comparison, RunToRunSpreadComesFromTheBaselineRounds) {
  Results base = results("s", {benchmark("x", {1.0, 1.0, 1.01, 1.5, 1.5, 1.49})});
  base.benchmarks[0].rounds = {3, 3};
  const Comparison c = compare_results(base, results("s", {benchmark("x", {1.4, 1.41, 1.39, 1.4, 1.42})}));
  ASSERT_TRUE(c.find("x")->baseline.has_value());
  EXPECT_EQ(c.find("x")->baseline->rounds, 2u);
  EXPECT_NEAR(c.find("x")->baseline->run_to_run_pct, 50.0, 1e-9);  // round medians 1.0 and 1.5
  // The spread widens the interval (z = 2.5758 at 99%, 2 baseline rounds, 1 current run)
  // rather than the threshold, so +12% against a baseline whose runs were 50% apart is not
  // established.
  EXPECT_NEAR(c.find("x")->baseline->between_run_sd, std::log(1.5) / std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(c.find("x")->evidence->between_run_term,
              2.5758293035489 * std::log(1.5) / std::sqrt(2.0) * std::sqrt(1.5), 1e-8);
  EXPECT_LT(c.find("x")->evidence->ci_low, 1.0);
  EXPECT_EQ(verdict_of(c, "x"), Verdict::inconclusive);
}

TEST(Comparison, RunThresholdApplies) {
  const Results base = results("s", {benchmark("x", timed(1e-3, 1))});
  const Results cur = results("s", {benchmark("x", timed(1.3e-3, 2))});
  GateSettings lenient;
  lenient.threshold_pct = 40.0;
  EXPECT_EQ(verdict_of(compare_results(base, cur, lenient), "x"), Verdict::no_change);
  EXPECT_EQ(verdict_of(compare_results(base, cur), "x"), Verdict::regression);
}

TEST(Comparison, IgnoredBenchmarksAreMarkedAndLeftOutOfTheFamily) {
  Results base = results("s", {benchmark("x", timed(1e-3, 1)), benchmark("y", timed(1e-3, 2))});
  base.benchmarks[0].gate.ignore = true;
  const Results cur = results("s", {benchmark("x", timed(2e-3, 3)), benchmark("y", timed(1e-3, 4))});
  const Comparison c = compare_results(base, cur);
  EXPECT_TRUE(c.find("x")->ignored);
  EXPECT_EQ(c.find("x")->evidence->q_value, c.find("x")->evidence->p_value);
}

TEST(Comparison, BenjaminiHochbergSpansTheRun) {
  // One moderately significant change among many unchanged benchmarks loses
  // its significance after correction.
  std::vector<BenchmarkResult> base_cases, cur_cases;
  for (int i = 0; i < 40; ++i) {
    const std::string name = "case" + std::to_string(i);
    base_cases.push_back(benchmark(name, timed(1e-3, 100 + i)));
    cur_cases.push_back(benchmark(name, timed(1e-3, 200 + i)));
  }
  base_cases.push_back(benchmark("shifted", {1.00, 1.01, 0.99, 1.02, 0.98, 1.00, 1.01}));
  cur_cases.push_back(benchmark("shifted", {1.07, 1.00, 1.09, 1.06, 1.10, 1.08, 1.05}));
  const Comparison c = compare_results(results("s", base_cases), results("s", cur_cases));
  const Evidence& e = *c.find("shifted")->evidence;
  EXPECT_LT(e.p_value, 0.05);
  EXPECT_GT(e.q_value, e.p_value);
  EXPECT_NE(verdict_of(c, "shifted"), Verdict::regression);
}

TEST(Comparison, CountsVerdicts) {
  const Comparison c = compare_results(results("s", {benchmark("a", timed(1e-3, 1))}),
                                       results("s", {benchmark("b", timed(1e-3, 2))}));
  const auto counts = c.verdict_counts();
  EXPECT_EQ(counts.at(Verdict::added), 1u);
  EXPECT_EQ(counts.at(Verdict::removed), 1u);
}

// Issue 15 item 6: nothing on both sides is nothing gated, not a pass.
// Issue 24: it is NOT GATED (gate_status_test.cpp), exit 0 unless the run
// requires a gated case (then 2).
TEST(Comparison, NothingOnBothSidesIsNotGated) {
  const Results base = results("a", {benchmark("a/1", timed(1e-3, 1)), benchmark("a/2", timed(1e-3, 2)),
                                     benchmark("a/3", timed(1e-3, 3)), benchmark("a/4", timed(1e-3, 4)),
                                     benchmark("a/5", timed(1e-3, 5))});
  Comparison other_suite = compare_results(base, results("b", {benchmark("b/1", timed(1e-3, 6))}));
  EXPECT_TRUE(other_suite.nothing_compared);
  EXPECT_EQ(gate_exit_code(other_suite), kExitOk);
  EXPECT_EQ(gate_status(other_suite, kExitOk), GateStatus::not_gated);
  GateSettings strict;
  strict.require_gated = true;
  EXPECT_EQ(gate_exit_code(compare_results(base, results("b", {benchmark("b/1", timed(1e-3, 6))}), strict)), kExitError);
  other_suite.baseline.origin = "base.json";
  other_suite.current.origin = "cur.json";
  const std::string why = nothing_compared_problem(other_suite);
  EXPECT_NE(why.find("base.json"), std::string::npos) << why;
  EXPECT_NE(why.find("cur.json"), std::string::npos) << why;
  EXPECT_NE(why.find("1 only in the current results, 5 only in the baseline"), std::string::npos) << why;
  EXPECT_EQ(why.find('\n'), std::string::npos);

  const Comparison empty_current = compare_results(base, results("a", {}));
  EXPECT_TRUE(empty_current.nothing_compared);
  EXPECT_EQ(gate_exit_code(empty_current), kExitOk);
  EXPECT_EQ(gate_status(empty_current, kExitOk), GateStatus::not_gated);
  EXPECT_EQ(gate_exit_code(compare_results(results("a", {}), results("a", {}), strict)), kExitError);

  // One case on both sides is enough; a suite run whose every case was
  // skipped is still 77, and another device's baseline still INCOMPARABLE.
  const Comparison one = compare_results(base, results("a", {benchmark("a/1", timed(1e-3, 7))}));
  EXPECT_FALSE(one.nothing_compared);
  EXPECT_EQ(gate_exit_code(one), kExitOk);
  EXPECT_EQ(gate_exit_code(compare_results(Results{}, results("a", {testing::skipped_benchmark("a/1", "no CUDA device")}))),
            kExitAllSkipped);
  const Comparison elsewhere = compare_results(base, results("a", {benchmark("a/1", timed(2e-3, 8))},
                                                            testing::test_cpu("Another CPU 1000")));
  EXPECT_FALSE(elsewhere.comparable);
  EXPECT_EQ(gate_exit_code(elsewhere), kExitOk);
  EXPECT_EQ(gate_status(elsewhere, kExitOk), GateStatus::not_gated);
}

// The empty baseline of a suite whose every case was skipped is no file of
// unknown device: no note about one.  A side that holds cases and no device
// (Google Benchmark JSON) still gets it.
// Issue 41: the host's CPU count, where comparable() does not compare it
// (a side without one, the hosts of two GPU runs, Google Benchmark's
// num_cpus), is said in a note rather than judged as one machine in silence.
TEST(Comparison, ACpuCountThatWasNotComparedIsNoted) {
  const auto note_of = [](const Fingerprint& base, const Fingerprint& cur) {
    Results a = results("a", {benchmark("a/1", timed(1e-3, 1))});
    Results b = results("a", {benchmark("a/1", timed(1e-3, 2))});
    a.fingerprint = base;
    b.fingerprint = cur;
    const Comparison c = compare_results(a, b);
    for (const std::string& note : c.notes)
      if (note.find("CPU count") != std::string::npos) return note;
    return std::string();
  };
  Fingerprint cpu = testing::results("a", {}).fingerprint;
  cpu.kind = DeviceKind::cpu;
  cpu.name = cpu.host_cpu = "AMD EPYC";
  cpu.slug = "cpu-amd-epyc";
  cpu.logical_cpus = 2;
  Fingerprint uncounted = cpu;
  uncounted.logical_cpus = 0;
  EXPECT_NE(note_of(uncounted, cpu).find("the baseline records no logical CPU count"), std::string::npos);
  EXPECT_NE(note_of(cpu, uncounted).find("the current run records no logical CPU count"), std::string::npos);
  EXPECT_EQ(note_of(cpu, cpu), "");
  Fingerprint gpu = testing::test_gpu();
  Fingerprint gpu_big_host = gpu;
  gpu.logical_cpus = 16;
  gpu_big_host.logical_cpus = 224;
  EXPECT_NE(note_of(gpu, gpu_big_host).find("hosts have different logical CPU counts (16 baseline, 224 current)"),
            std::string::npos);
  Fingerprint gbench{}, gbench_big = gbench;
  gbench.logical_cpus = 4;
  gbench_big.logical_cpus = 64;
  EXPECT_NE(note_of(gbench, gbench_big).find("different logical CPU counts (4 baseline, 64 current)"), std::string::npos);
}

TEST(Comparison, UnknownDeviceNoteOnlyForASideThatHoldsCases) {
  const Results skipped = results("a", {testing::skipped_benchmark("a/1", "no CUDA device")});
  for (const std::string& note : compare_results(Results{}, skipped).notes)
    EXPECT_EQ(note.find("device unknown"), std::string::npos) << note;
  Results gbench = results("a", {benchmark("a/1", timed(1e-3, 1))});
  gbench.fingerprint = Fingerprint{};
  const Comparison c = compare_results(gbench, results("a", {benchmark("a/1", timed(1e-3, 2))}));
  ASSERT_EQ(c.notes.empty(), false);
  EXPECT_NE(c.notes.front().find("device unknown on one side"), std::string::npos);
}

// Cases are paired in parts on every core: each case's verdict and numbers
// are what it gets compared alone, in the same order, and of two cases
// whose ratio is no finite number the error names the first, as one
// thread would.
TEST(Comparison, ManyCasesPairedInPartsAsEachAlone) {
  std::vector<BenchmarkResult> base_cases, cur_cases;
  for (int i = 0; i < 3000; ++i) {
    const std::string name = "case/" + std::to_string(i);
    base_cases.push_back(benchmark(name, timed(1e-3, 2 * i + 1)));
    cur_cases.push_back(benchmark(name, timed(i % 500 == 7 ? 1.5e-3 : 1e-3, 2 * i + 2)));
  }
  const Comparison all = compare_results(results("s", base_cases), results("s", cur_cases));
  ASSERT_EQ(all.benchmarks.size(), 3000u);
  std::size_t regressions = 0;
  for (int i = 0; i < 3000; i += 37) {
    const Comparison alone = compare_results(results("s", {base_cases[i]}), results("s", {cur_cases[i]}));
    const BenchmarkComparison& b = all.benchmarks[static_cast<std::size_t>(i)];
    EXPECT_EQ(b.name, base_cases[i].name);
    ASSERT_TRUE(b.evidence && alone.benchmarks[0].evidence) << i;
    EXPECT_EQ(b.evidence->ratio, alone.benchmarks[0].evidence->ratio) << i;
    EXPECT_EQ(b.evidence->p_value, alone.benchmarks[0].evidence->p_value) << i;
  }
  for (const auto& b : all.benchmarks) regressions += b.verdict == Verdict::regression ? 1 : 0;
  EXPECT_EQ(regressions, 6u);

  cur_cases[2500].samples.assign(10, 1e300);
  cur_cases[1700].samples.assign(10, 1e300);
  base_cases[1700].samples.assign(10, 1e-300);
  base_cases[2500].samples.assign(10, 1e-300);
  try {
    compare_results(results("s", base_cases), results("s", cur_cases));
    ADD_FAILURE() << "a ratio of 1e600 was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'case/1700'"), std::string::npos) << e.what();
  }
}

TEST(Verdict, NamesRoundTrip) {
  for (Verdict v : {Verdict::regression, Verdict::improvement, Verdict::no_change, Verdict::inconclusive,
                    Verdict::added, Verdict::removed, Verdict::error, Verdict::incomparable, Verdict::skipped})
    EXPECT_EQ(verdict_from_string(to_string(v)), v);
  EXPECT_STREQ(to_string(Verdict::skipped), "SKIPPED");
  EXPECT_STREQ(to_string(Verdict::added), "NEW");
  EXPECT_EQ(report_rank(Verdict::regression), 0);
}

}  // namespace
}  // namespace perfgate
