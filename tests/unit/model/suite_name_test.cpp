#include "perfgate/model/suite_name.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

TEST(SuiteName, TheNamesCMakeAcceptsAreAccepted) {
  for (const char* name : {"gemm", "gpu_timing", "my-suite.v2", "A1"}) EXPECT_EQ(suite_name_problem(name), std::nullopt) << name;
}

TEST(SuiteName, NamesThatWouldLeaveTheBaselineFolderAreRefused) {
  for (const char* name : {"", ".", "..", "../nvidia-h100-80gb-hbm3/gemm", "/abs/path", "a/b", "a\\b", "a\ab", "a b",
                           "gemm\n", "caf\xc3\xa9"})
    EXPECT_NE(suite_name_problem(name), std::nullopt) << name;
  EXPECT_NE(suite_name_problem(std::string(300, 'a')), std::nullopt);
}

TEST(SuiteName, ProblemSaysWhatIsAllowed) {
  EXPECT_NE(suite_name_problem("a/b")->find("letters, digits"), std::string::npos);
}

// Issue 24 item 4: an imported file's suite is the program that wrote it.
TEST(SuiteName, AnImportedFilesSuiteIsItsProgram) {
  EXPECT_EQ(imported_suite_name("/ci/build/bench/bench_sort", "/tmp/bench-1a2b3c4.json"), "bench_sort");
  EXPECT_EQ(imported_suite_name("./build/bench_sort", "bench-5d6e7f8.json"), "bench_sort");
  EXPECT_EQ(imported_suite_name("Release\\echoBenchmarks.exe", "x.json"), "echoBenchmarks");
  EXPECT_EQ(imported_suite_name("C:\\b\\BENCH.EXE", "x.json"), "BENCH");
  EXPECT_EQ(imported_suite_name("bench with space", "x.json"), "bench_with_space");
  EXPECT_EQ(imported_suite_name("", "/tmp/bench-1a2b3c4.json"), "bench-1a2b3c4") << "no program: the file";
  EXPECT_EQ(imported_suite_name("/ci/build/", "/tmp/run.json"), "run") << "a folder names no program";
  EXPECT_EQ(imported_suite_name("..", "x.json"), "imported");
  EXPECT_EQ(imported_suite_name(".exe", "x.json"), ".exe");
}

TEST(DeviceSlug, OnlyLowerCaseLettersDigitsAndDashes) {
  EXPECT_EQ(device_slug_problem("nvidia-h100-80gb-hbm3"), std::nullopt);
  for (const char* slug : {"", "..", "../x", "Cpu", "a/b", "a_b"}) EXPECT_NE(device_slug_problem(slug), std::nullopt) << slug;
}

}  // namespace
}  // namespace perfgate
