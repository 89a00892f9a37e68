// The one ranking of gate outcomes (reporters/gate/include/perfgate/gate/run_outcome.hpp).
#include "perfgate/gate/run_outcome.hpp"

#include <gtest/gtest.h>

#include "perfgate/gate/exit_code.hpp"

namespace perfgate {
namespace {

int worst_code(std::initializer_list<int> codes) {
  RunOutcome worst;
  for (int code : codes) worst = worst_of(worst, RunOutcome::from_exit_code(code));
  return worst.to_exit_code();
}

TEST(RunOutcome, EveryPerfgateCodeComesBackAsItself) {
  for (int code : {kExitOk, kExitRegression, kExitError, kExitAllSkipped}) {
    EXPECT_TRUE(RunOutcome::is_perfgate_exit_code(code)) << code;
    EXPECT_EQ(RunOutcome::from_exit_code(code).to_exit_code(), code);
  }
}

TEST(RunOutcome, ErrorThenRegressionThenPassThenSkipped) {
  EXPECT_EQ(worst_code({77, 0, 1, 2}), 2);
  EXPECT_EQ(worst_code({2, 1, 0, 77}), 2) << "the order read never matters";
  EXPECT_EQ(worst_code({0, 77, 1}), 1);
  EXPECT_EQ(worst_code({77, 0}), 0) << "some parts passed, the rest could not run here: a pass";
  EXPECT_EQ(worst_code({77, 77}), 77);
  EXPECT_EQ(worst_code({}), 77) << "worst_of starts from the mildest";
}

// A code no perfgate program gives (a crash's 139, a library's exit(5), a
// negative status) is a harness error: ranked with 2, never below a
// regression or a pass, and given back as 2, never as itself.
TEST(RunOutcome, AnUnknownCodeIsAHarnessError) {
  for (int code : {3, 5, 8, 76, 78, 139, 255, -1}) {
    EXPECT_FALSE(RunOutcome::is_perfgate_exit_code(code)) << code;
    EXPECT_EQ(RunOutcome::from_exit_code(code).severity(), RunOutcome::Severity::error) << code;
    EXPECT_EQ(RunOutcome::from_exit_code(code).to_exit_code(), kExitError) << code;
  }
  EXPECT_EQ(worst_code({5, 1}), 2);
  EXPECT_EQ(worst_code({1, 5}), 2);
  EXPECT_EQ(worst_code({0, 77, 139}), 2);
  EXPECT_EQ(worst_code({2, 5}), 2);
  EXPECT_EQ(worst_code({5, 2}), 2) << "the unknown code is never the run's code";
}

}  // namespace
}  // namespace perfgate
