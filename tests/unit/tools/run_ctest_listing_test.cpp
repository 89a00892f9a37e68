// perfgate run's reading of ctest's JSON listing (tools/src/run_ctest_listing.cpp).
#include "run_ctest_listing.hpp"

#include <gtest/gtest.h>

#include "perfgate/platform/errors.hpp"

namespace perfgate::cli {
namespace {

TEST(RunCtestListing, SuiteAndOutputFolderOfEachTest) {
  const std::string json = R"({"kind": "ctestInfo", "tests": [
    {"name": "perf.sort", "command": ["/b/perf_sort", "--perfgate_baseline_dir=/src/baselines",
                                      "--perfgate_out_dir=/b/perfgate-results"]},
    {"name": "perf.gemm", "command": ["/b/perf_gemm", "--perfgate_out_dir=out", "--perfgate_suite=gemm2"],
     "properties": [{"name": "WORKING_DIRECTORY", "value": "/b/perf/suites"}]},
    {"name": "perf.bare", "command": ["/b/perf_bare"]}]})";
  const std::vector<GatedTest> tests = parse_ctest_listing(json, "listing");
  ASSERT_EQ(tests.size(), 3u);
  EXPECT_EQ(tests[0].test, "perf.sort");
  EXPECT_EQ(tests[0].suite, "sort");
  EXPECT_EQ(tests[0].out_dir, "/b/perfgate-results");
  EXPECT_EQ(tests[1].suite, "gemm2");
  EXPECT_EQ(tests[1].out_dir, "/b/perf/suites/out");
  EXPECT_EQ(tests[2].suite, "bare");
  EXPECT_TRUE(tests[2].out_dir.empty());
}

// Issue 41: a suite name from a test's name or flag names files; it follows
// the suite-name rule, and the error names the test.
TEST(RunCtestListing, ASuiteNameThatCouldLeaveItsFolderIsRefusedNamingTheTest) {
  for (const auto& [name, flag] : std::vector<std::pair<std::string, std::string>>{
           {"perf.../../victim", ""}, {"perf./etc/x", ""}, {"perf.ok", "--perfgate_suite=../up"}, {"perf.", ""}}) {
    const std::string json = R"({"kind": "ctestInfo", "tests": [{"name": ")" + name +
                             R"(", "command": ["/b/perf", "--perfgate_out_dir=/b/out")" +
                             (flag.empty() ? "" : ", \"" + flag + "\"") + "]}]}";
    try {
      parse_ctest_listing(json, "listing");
      FAIL() << "accepted: " << name << " " << flag;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("ctest test '" + name + "'"), std::string::npos) << e.what();
    }
  }
}

TEST(RunCtestListing, TwoTestsOfOneSuiteAreRefusedNamingBoth) {
  const std::string json = R"({"kind": "ctestInfo", "tests": [
    {"name": "perf.sort", "command": ["/b/perf_sort", "--perfgate_out_dir=/b/out"]},
    {"name": "perf.sort_big", "command": ["/b/perf_sort", "--perfgate_out_dir=/b/out", "--perfgate_suite=sort"]}]})";
  try {
    parse_ctest_listing(json, "listing");
    FAIL() << "two tests of one suite were taken";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'perf.sort' and 'perf.sort_big' share the suite 'sort' and out dir '/b/out'"),
              std::string::npos)
        << e.what();
  }
}

TEST(RunCtestListing, NoTestsIsAnEmptyList) {
  EXPECT_TRUE(parse_ctest_listing(R"({"kind": "ctestInfo", "tests": []})", "listing").empty());
}

TEST(RunCtestListing, AnythingElseIsAnInputErrorNamingTheListing) {
  for (const char* text : {"not json", R"({"kind": "other"})", R"({"kind": "ctestInfo", "tests": [{"command": []}]})"}) {
    try {
      parse_ctest_listing(text, "ctest --show-only");
      FAIL() << "accepted: " << text;
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("ctest --show-only: ", 0), 0u) << e.what();
    }
  }
}

}  // namespace
}  // namespace perfgate::cli
