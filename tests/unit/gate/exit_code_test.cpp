#include "perfgate/gate/exit_code.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

Comparison with(std::initializer_list<BenchmarkComparison> rows) {
  Comparison c;
  c.benchmarks = rows;
  return c;
}

BenchmarkComparison row(Verdict v, bool ignored = false) {
  BenchmarkComparison b;
  b.name = std::string(1, 'x');  // not = "x": GCC 12 -Wrestrict false positive (GCC bug 105329)
  b.verdict = v;
  b.ignored = ignored;
  return b;
}

TEST(ExitCode, Pass) {
  EXPECT_EQ(gate_exit_code(with({row(Verdict::no_change), row(Verdict::improvement), row(Verdict::inconclusive),
                                 row(Verdict::added), row(Verdict::removed), row(Verdict::incomparable)})),
            kExitOk);
}

TEST(ExitCode, Regression) {
  EXPECT_EQ(gate_exit_code(with({row(Verdict::no_change), row(Verdict::regression)})), kExitRegression);
}

TEST(ExitCode, FailedCaseOutranksRegression) {
  EXPECT_EQ(gate_exit_code(with({row(Verdict::regression), row(Verdict::error)})), kExitError);
}

TEST(ExitCode, SkippedCasesAloneAre77) {
  EXPECT_EQ(gate_exit_code(with({row(Verdict::skipped), row(Verdict::skipped), row(Verdict::removed)})),
            kExitAllSkipped);
  EXPECT_EQ(gate_exit_code(with({row(Verdict::skipped), row(Verdict::no_change)})), kExitOk);
  EXPECT_EQ(gate_exit_code(with({row(Verdict::skipped), row(Verdict::error)})), kExitError) << "a failure is not a skip";
}

TEST(ExitCode, IgnoredBenchmarksNeverFail) {
  EXPECT_EQ(gate_exit_code(with({row(Verdict::regression, true), row(Verdict::error, true)})), kExitOk);
}

TEST(ExitCode, EmptyComparisonPasses) { EXPECT_EQ(gate_exit_code(with({})), kExitOk); }

}  // namespace
}  // namespace perfgate
