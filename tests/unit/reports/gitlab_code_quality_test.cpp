// Issue 43: the GitLab merge request's widget: a run's flagged cases as a
// Code Quality report, with fingerprints that stay from run to run.
#include "perfgate/reports/gitlab_code_quality.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

SuiteReport suite_with_a_regression(std::uint64_t seed, const std::string& baseline_origin) {
  const Results base = results("host", {benchmark("sort/4096", lognormal_samples(1e-3, 0.01, 10, seed)),
                                        benchmark("copy/64", lognormal_samples(1e-3, 0.01, 10, seed + 1)),
                                        benchmark("odd", lognormal_samples(1e-3, 0.01, 10, seed + 2))});
  const Results cur = results("host", {benchmark("sort/4096", lognormal_samples(2e-3, 0.01, 10, seed + 3)),
                                       benchmark("copy/64", lognormal_samples(1e-3, 0.01, 10, seed + 4)),
                                       benchmark("odd", lognormal_samples(1e-3, 0.01, 10, seed + 5))});
  SuiteReport suite;
  suite.comparison = compare_results(base, cur);
  suite.comparison.baseline.origin = baseline_origin;
  suite.comparison.benchmarks[1].suspect = SuspectChange{};
  suite.comparison.benchmarks[1].reason = "SUSPECT: slower beyond the suite's spread";
  suite.comparison.benchmarks[2].suspect = SuspectChange{};
  suite.comparison.benchmarks[2].ignored = true;  // reported, never gated: not flagged
  suite.exit_code = 1;
  return suite;
}

TEST(GitlabCodeQuality, OneIssuePerFlaggedCaseWithSeverityAndTheBaselineAsLocation) {
  const nlohmann::json issues =
      nlohmann::json::parse(run_to_gitlab_code_quality({suite_with_a_regression(1, "baselines/cpu-x/host.json")}));
  ASSERT_EQ(issues.size(), 2u) << issues.dump(2);
  const nlohmann::json& regression = issues[0];
  EXPECT_EQ(regression.at("check_name"), "perfgate-regression");
  EXPECT_EQ(regression.at("severity"), "major");
  EXPECT_EQ(regression.at("description").get<std::string>().rfind("perfgate REGRESSION: host sort/4096: +", 0), 0u)
      << regression.dump();
  EXPECT_EQ(regression.at("location").at("path"), "baselines/cpu-x/host.json");
  EXPECT_EQ(regression.at("location").at("lines").at("begin"), 1);
  EXPECT_EQ(regression.at("fingerprint").get<std::string>().size(), 16u);
  EXPECT_EQ(issues[1].at("check_name"), "perfgate-suspect");
  EXPECT_EQ(issues[1].at("severity"), "minor");
  EXPECT_NE(issues[1].at("fingerprint"), regression.at("fingerprint"));
}

// GitLab tells a new issue from one that stays by its fingerprint: the same
// suite, case and check give the same one in another run; a baseline
// outside the repository is no location, so the suite is named.
TEST(GitlabCodeQuality, FingerprintsStayFromRunToRunAndAFileOutsideIsNoLocation) {
  const nlohmann::json first = nlohmann::json::parse(run_to_gitlab_code_quality({suite_with_a_regression(1, "/tmp/base.json")}));
  const nlohmann::json second = nlohmann::json::parse(run_to_gitlab_code_quality({suite_with_a_regression(99, "../base.json")}));
  ASSERT_EQ(first.size(), 2u);
  ASSERT_EQ(second.size(), 2u);
  EXPECT_EQ(first[0].at("fingerprint"), second[0].at("fingerprint"));
  EXPECT_EQ(first[1].at("fingerprint"), second[1].at("fingerprint"));
  EXPECT_NE(first[0].at("description"), second[0].at("description")) << "the numbers are each run's own";
  EXPECT_EQ(first[0].at("location").at("path"), "host");
  EXPECT_EQ(second[0].at("location").at("path"), "host");
}

TEST(GitlabCodeQuality, ACleanRunIsAnEmptyArray) {
  const Results r = results("host", {benchmark("a", lognormal_samples(1e-3, 0.01, 10, 1))});
  SuiteReport suite;
  suite.comparison = compare_results(r, r);
  EXPECT_EQ(run_to_gitlab_code_quality({suite}), "[]\n");
  EXPECT_EQ(run_to_gitlab_code_quality({}), "[]\n");
}

}  // namespace
}  // namespace perfgate
