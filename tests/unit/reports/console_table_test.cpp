#include "perfgate/reports/console_table.hpp"

#include <sstream>

#include <gtest/gtest.h>

#include "perfgate/gate/reference.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::traced_benchmark;
using testing::traced_kernel;

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

TEST(ConsoleTable, RegressionsFirstWithReasonsAndSummary) {
  const Results base = results("host", {benchmark("a-same", lognormal_samples(1e-3, 0.01, 10, 1)),
                                        benchmark("z-slow", lognormal_samples(1e-3, 0.01, 10, 2))});
  const Results cur = results("host", {benchmark("a-same", lognormal_samples(1e-3, 0.01, 10, 3)),
                                       benchmark("z-slow", lognormal_samples(1.5e-3, 0.01, 10, 4))});
  const Comparison c = compare_results(base, cur);
  std::ostringstream out;
  print_comparison_table(out, c, 1);
  const std::string text = out.str();
  const auto header = text.find("Benchmark");
  ASSERT_NE(header, std::string::npos) << text;
  EXPECT_LT(text.find("z-slow", header), text.find("a-same", header)) << text;
  EXPECT_NE(text.find("REGRESSION"), std::string::npos);
  EXPECT_NE(text.find("Why:\n  z-slow: "), std::string::npos) << text;
  EXPECT_NE(text.find("perfgate: FAIL (exit 1): 1 REGRESSION, 1 NO_CHANGE"), std::string::npos) << text;
}

// Issue 24: a reason is never cut in the middle (it lost "confirmed,
// re-measured +186%"): long ones wrap at words under their case, whole.
TEST(ConsoleTable, LongReasonsWrapWholeAndKeepTheirEnd) {
  const Results base = results("host", {benchmark("z-slow", lognormal_samples(1e-3, 0.01, 10, 2))});
  const Results cur = results("host", {benchmark("z-slow", lognormal_samples(2.86e-3, 0.01, 10, 4))});
  Comparison c = compare_results(base, cur);
  std::string reason;
  for (int i = 0; i < 12; ++i) reason += "word" + std::to_string(i) + " of a long explanation, q = 0.000" + std::to_string(i) + ", ";
  c.benchmarks[0].reason = reason + "confirmed, re-measured +186%";
  std::ostringstream out;
  print_comparison_table(out, c, 1);
  const std::string text = out.str();
  const std::size_t why = text.find("Why:\n");
  ASSERT_NE(why, std::string::npos) << text;
  std::string joined;  // the reason's lines, their indentation taken off
  std::istringstream lines(text.substr(why + 5));
  for (std::string line; std::getline(lines, line) && !line.empty();) {
    EXPECT_LE(line.size(), 100u) << line;
    joined += (joined.empty() ? "" : " ") + line.substr(line.find_first_not_of(' '));
  }
  EXPECT_EQ(joined, "z-slow: " + c.benchmarks[0].reason) << text;
  EXPECT_EQ(text.find("..."), std::string::npos) << "nothing cut: " << text;
  for (int i = 0; i < 12; ++i)
    EXPECT_NE(text.find("q = 0.000" + std::to_string(i)), std::string::npos) << "a value on the line of its name: " << text;
}

// Issue 24: a run that judged nothing against a baseline of its device
// says NOT GATED with the reason, never PASS.
TEST(ConsoleTable, NotGatedIsSaidWithItsReasonNeverPass) {
  const Results base = results("host", {benchmark("a", lognormal_samples(1e-3, 0.01, 10, 1))});
  const Results cur = results("host", {benchmark("a", lognormal_samples(1e-3, 0.01, 10, 3))},
                              testing::test_cpu("Another CPU 1000"));
  Comparison c = compare_results(base, cur);
  c.gate_advice = "record a baseline for cpu-another-cpu-1000 with `perfgate baseline update --suite host` on this runner";
  std::ostringstream out;
  print_comparison_table(out, c, 0);
  const std::string text = out.str();
  EXPECT_NE(text.find("\nNOT GATED: the baseline was measured on another device"), std::string::npos) << text;
  EXPECT_NE(text.find("perfgate baseline update --suite host"), std::string::npos) << text;
  EXPECT_NE(text.find("perfgate: NOT GATED (exit 0): 0 of 1 case gated: 1 INCOMPARABLE"), std::string::npos) << text;
  EXPECT_EQ(text.find("PASS"), std::string::npos) << text;
}

// Issue 43: a run with no reference named no device and printed "()".
TEST(ConsoleTable, AReferenceWithoutADeviceHasNoEmptyParentheses) {
  const Results cur = results("host", {benchmark("a", lognormal_samples(1e-3, 0.01, 10, 3))});
  Comparison c = compare_results(cur, cur);
  c.reference = no_reference("no baseline of this suite on any device");
  c.baseline.device = {};
  std::ostringstream out;
  print_comparison_table(out, c, 0);
  EXPECT_NE(out.str().find("against (none: no baseline of this suite on any device), judged by"), std::string::npos)
      << out.str();
  EXPECT_EQ(out.str().find("()"), std::string::npos) << out.str();
  // With a device: its slug in parentheses, as before.
  std::ostringstream with_device;
  print_comparison_table(with_device, compare_results(cur, cur), 0);
  EXPECT_NE(with_device.str().find(" (" + cur.fingerprint.slug + "), judged by"), std::string::npos) << with_device.str();
}

TEST(ConsoleTable, SaysHowManyRepetitionsThrottled) {
  const Results base = results("gpu", {benchmark("gemm", lognormal_samples(1e-3, 0.01, 10, 1))});
  Results cur = results("gpu", {benchmark("gemm", lognormal_samples(1e-3, 0.01, 9, 2))});
  cur.benchmarks[0].throttled_samples = 1;
  std::ostringstream out;
  print_comparison_table(out, compare_results(base, cur), 0);
  EXPECT_NE(out.str().find("THROTTLED: 1 repetition ran with the SM clock below 75% of its maximum and was left out"),
            std::string::npos)
      << out.str();
}

TEST(ConsoleTable, WithoutExitCodeOnlyCounts) {
  const Comparison c = compare_results(results("s", {benchmark("x", {1, 1, 1})}), results("s", {benchmark("x", {1, 1, 1})}));
  std::ostringstream out;
  print_comparison_table(out, c, std::nullopt);
  EXPECT_NE(out.str().find("perfgate: 1 INCONCLUSIVE"), std::string::npos) << out.str();
}



// "gemm" regressed: its main kernel slowed, a reduction runs twice per
// iteration, a transpose appeared and an old kernel vanished; "quiet" moved
// nowhere.
Comparison traced_comparison() {
  const Results base = results("gpu", {traced_benchmark("gemm", 1e-3, 1, {traced_kernel("sgemm", 30, 10e3, 1), traced_kernel("reduce", 30, 2e3, 2),
                                                               traced_kernel("steady", 30, 5e3, 3), traced_kernel("old", 30, 1e3, 4)}),
                                       traced_benchmark("quiet", 1e-3, 2, {traced_kernel("copy", 30, 3e3, 5)})});
  const Results cur = results("gpu", {traced_benchmark("gemm", 2e-3, 3, {traced_kernel("sgemm", 30, 12e3, 11), traced_kernel("reduce", 60, 2e3, 12),
                                                              traced_kernel("steady", 30, 5e3, 13), traced_kernel("transpose", 30, 1e3, 14)}),
                                      traced_benchmark("quiet", 1e-3, 4, {traced_kernel("copy", 30, 3e3, 15)})});
  return compare_results(base, cur);
}

TEST(ConsoleTable, KernelChangesUnderTheirCasesRow) {
  std::ostringstream out;
  print_comparison_table(out, traced_comparison(), 1);
  const std::string text = out.str();
  const auto gemm_row = text.find("\ngemm ");
  const auto quiet_row = text.find("\nquiet ");
  ASSERT_NE(gemm_row, std::string::npos) << text;
  ASSERT_NE(quiet_row, std::string::npos) << text;
  for (const char* line : {"\n  kernel REGRESSION  sgemm  10.0 µs -> 12.0 µs (+", "\n  kernel NEW         transpose  1.00 µs, 1 call/iter\n",
                           "\n  kernel REMOVED     old  1.00 µs, 1 call/iter\n", "\n  kernel NO_CHANGE   reduce  2.00 µs -> 2.00 µs ("}) {
    const auto at = text.find(line);
    ASSERT_NE(at, std::string::npos) << line << "\n" << text;
    EXPECT_GT(at, gemm_row) << line;
    EXPECT_LT(at, quiet_row) << line;
  }
  EXPECT_NE(text.find("), 1 -> 2 calls/iter\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("steady"), std::string::npos) << "an unchanged kernel is not listed\n" << text;
  EXPECT_EQ(text.find("kernel", quiet_row), std::string::npos) << text;
}

TEST(ConsoleTable, NoKernelLinesWhenNoKernelChanged) {
  const Results base = results("gpu", {traced_benchmark("quiet", 1e-3, 2, {traced_kernel("copy", 30, 3e3, 5)})});
  const Results cur = results("gpu", {traced_benchmark("quiet", 1e-3, 4, {traced_kernel("copy", 30, 3e3, 15)})});
  std::ostringstream out;
  print_comparison_table(out, compare_results(base, cur), 0);
  EXPECT_EQ(out.str().find("kernel"), std::string::npos) << out.str();
}

TEST(ConsoleTable, AFewKernelLinesPerCaseAtMost) {
  std::vector<KernelSummary> fresh = {traced_kernel("main", 30, 10e3, 1)};
  for (int i = 0; i < 8; ++i) fresh.push_back(traced_kernel("fresh" + std::to_string(i), 30, 1e3, 10 + i));
  const Results base = results("gpu", {traced_benchmark("net", 1e-3, 1, {traced_kernel("main", 30, 10e3, 2)})});
  const Results cur = results("gpu", {traced_benchmark("net", 1e-3, 2, fresh)});
  std::ostringstream out;
  print_comparison_table(out, compare_results(base, cur), 0);
  const std::string text = out.str();
  std::size_t lines = 0;
  for (auto at = text.find("\n  kernel NEW"); at != std::string::npos; at = text.find("\n  kernel NEW", at + 1)) ++lines;
  EXPECT_EQ(lines, 5u) << text;
  EXPECT_NE(text.find("\n  ... and 3 more kernel changes\n"), std::string::npos) << text;
}

TEST(ConsoleTable, ControlCharactersInNamesAreEscaped) {
  const Comparison c = compare_results(results("s", {}), results("s", {benchmark("bad\nname", {1e-3})}));
  std::ostringstream out;
  print_comparison_table(out, c, 0);
  EXPECT_NE(out.str().find("bad\\x0aname"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace perfgate
