// perfgate run's one exit code from every suite's outcome (tools/src/main_job_exit_code.cpp).
#include "main_job_exit_code.hpp"

#include <gtest/gtest.h>

namespace perfgate::cli {
namespace {

SuiteOutcome with_comparison(int code, CtestStatus status) { return {status, code}; }
SuiteOutcome without_comparison(CtestStatus status) { return {status, std::nullopt}; }

TEST(MainJobExitCode, SuiteWithAComparisonTakesItsExitCode) {
  EXPECT_EQ(suite_exit_code(with_comparison(0, CtestStatus::passed)), 0);
  EXPECT_EQ(suite_exit_code(with_comparison(1, CtestStatus::failed)), 1);
  EXPECT_EQ(suite_exit_code(with_comparison(2, CtestStatus::failed)), 2);
  EXPECT_EQ(suite_exit_code(with_comparison(77, CtestStatus::skipped)), 77);
}

TEST(MainJobExitCode, FailedTestWhoseComparisonSaysPassIsAHarnessError) {
  EXPECT_EQ(suite_exit_code(with_comparison(0, CtestStatus::failed)), 2);
  EXPECT_EQ(suite_exit_code(with_comparison(77, CtestStatus::failed)), 2);
}

TEST(MainJobExitCode, ComparisonExitCodeOutsideTheGatesIsAHarnessError) {
  EXPECT_EQ(suite_exit_code(with_comparison(8, CtestStatus::passed)), 2);
}

// Issue 24: every gated suite leaves a comparison, skipped ones too; a test
// that exits 0 or 77 without one gated nothing, whatever its own exit code.
TEST(MainJobExitCode, SuiteWithoutAComparisonIsAHarnessErrorWhateverItsExitCode) {
  EXPECT_EQ(suite_exit_code(without_comparison(CtestStatus::passed)), 2);
  EXPECT_EQ(suite_exit_code(without_comparison(CtestStatus::skipped)), 2);
  EXPECT_EQ(suite_exit_code(without_comparison(CtestStatus::failed)), 2);
  EXPECT_EQ(suite_exit_code(without_comparison(CtestStatus::unknown)), 2);
}

TEST(MainJobExitCode, HarnessErrorOutranksRegressionOutranksPassOutranksSkip) {
  const auto pass = with_comparison(0, CtestStatus::passed);
  const auto regression = with_comparison(1, CtestStatus::failed);
  const auto broken = without_comparison(CtestStatus::failed);
  const auto skipped = with_comparison(77, CtestStatus::skipped);
  EXPECT_EQ(main_job_exit_code({pass, regression, broken, skipped}, 8), 2);
  EXPECT_EQ(main_job_exit_code({broken, regression}, 8), 2);
  EXPECT_EQ(main_job_exit_code({skipped, regression, pass}, 8), 1);
  EXPECT_EQ(main_job_exit_code({skipped, pass}, 0), 0);
  EXPECT_EQ(main_job_exit_code({pass, skipped}, 0), 0);
}

TEST(MainJobExitCode, EverySuiteSkippedIs77) {
  const auto skipped = with_comparison(77, CtestStatus::skipped);
  EXPECT_EQ(main_job_exit_code({skipped, skipped}, 0), 77);
  EXPECT_EQ(main_job_exit_code({skipped, without_comparison(CtestStatus::skipped)}, 0), 2);
}

// Issue 24: a selection that matched no test gated nothing: not "skipped".
TEST(MainJobExitCode, NoSuiteAtAllIsAHarnessError) { EXPECT_EQ(main_job_exit_code({}, 0), 2); }

TEST(MainJobExitCode, CtestFailureNoSuiteExplainsIsAHarnessError) {
  EXPECT_EQ(main_job_exit_code({with_comparison(0, CtestStatus::passed)}, 8), 2);
  EXPECT_EQ(main_job_exit_code({with_comparison(77, CtestStatus::skipped)}, 8), 2);
  EXPECT_EQ(main_job_exit_code({}, 8), 2);
  EXPECT_EQ(main_job_exit_code({with_comparison(1, CtestStatus::failed)}, 8), 1);
}

}  // namespace
}  // namespace perfgate::cli
