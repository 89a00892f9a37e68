// --perfgate_suite names the results file and the baseline the run gates
// against, so it is checked as a suite name where it is parsed.

#include <cstdlib>

#include <gtest/gtest.h>

#include "perfgate/platform/errors.hpp"
#include "main/main_options.hpp"

namespace perfgate {
namespace {

TEST(SuiteFlag, APlainNameIsKept) {
  std::vector<std::string> args = {"perf_x", "--perfgate_suite=gemm"};
  EXPECT_EQ(parse_main_options(args).suite, "gemm");
}

TEST(SuiteFlag, ANameThatWouldLeaveTheFolderIsAnInputError) {
  for (const char* suite : {"../other/gemm", "/abs/path", "a\x1b[2Kb"}) {
    std::vector<std::string> args = {"perf_x", std::string("--perfgate_suite=") + suite};
    EXPECT_THROW(parse_main_options(args), InputError) << suite;
  }
}

TEST(SuiteFlag, TheEnvironmentVariableIsCheckedToo) {
  ::setenv("PERFGATE_SUITE", "../other/gemm", 1);
  std::vector<std::string> args = {"perf_x"};
  EXPECT_THROW(parse_main_options(args), InputError);
  ::unsetenv("PERFGATE_SUITE");
}

TEST(SuiteFlag, TheErrorEscapesControlCharacters) {
  std::vector<std::string> args = {"perf_x", "--perfgate_suite=a\x1b[2Kb"};
  try {
    parse_main_options(args);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).find('\x1b'), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace perfgate
