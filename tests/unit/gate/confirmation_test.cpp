#include "perfgate/gate/confirmation.hpp"

#include <gtest/gtest.h>

#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

struct Scenario {
  Results base = results("s", {benchmark("slow", lognormal_samples(1e-3, 0.01, 10, 1)),
                               benchmark("blip", lognormal_samples(1e-3, 0.01, 10, 2)),
                               benchmark("same", lognormal_samples(1e-3, 0.01, 10, 3))});
  Results cur = results("s", {benchmark("slow", lognormal_samples(2e-3, 0.01, 10, 11)),
                              benchmark("blip", lognormal_samples(1.5e-3, 0.01, 10, 12)),
                              benchmark("same", lognormal_samples(1e-3, 0.01, 10, 13))});
};

TEST(Confirmation, SuspectsAreTheRegressions) {
  const Scenario s;
  const Comparison c = compare_results(s.base, s.cur);
  EXPECT_EQ(suspected_regressions(c), (std::vector<std::string>{"slow", "blip"}));
}

TEST(Confirmation, ReproducedRegressionIsConfirmedOneThatVanishedIsNot) {
  const Scenario s;
  Comparison c = compare_results(s.base, s.cur);
  const Results recheck = results("s", {benchmark("slow", lognormal_samples(2e-3, 0.01, 20, 21)),
                                        benchmark("blip", lognormal_samples(1e-3, 0.01, 20, 22))});
  apply_recheck(c, s.base, recheck);
  const BenchmarkComparison& slow = *c.find("slow");
  EXPECT_EQ(slow.verdict, Verdict::regression);
  EXPECT_EQ(slow.confirmation, Confirmation::confirmed);
  ASSERT_TRUE(slow.recheck.has_value());
  EXPECT_EQ(slow.recheck->n, 20u);
  const BenchmarkComparison& blip = *c.find("blip");
  EXPECT_EQ(blip.verdict, Verdict::inconclusive);
  EXPECT_EQ(blip.confirmation, Confirmation::not_reproduced);
  EXPECT_NE(blip.reason.find("not reproduced"), std::string::npos) << blip.reason;
  EXPECT_EQ(c.find("same")->confirmation, Confirmation::not_needed);
}

TEST(Confirmation, FailedRecheckLeavesTheRegressionUnconfirmed) {
  const Scenario s;
  Comparison c = compare_results(s.base, s.cur);
  apply_recheck(c, s.base, results("s", {testing::failed_benchmark("slow", "crashed")}));
  EXPECT_EQ(c.find("slow")->verdict, Verdict::regression);
  EXPECT_EQ(c.find("slow")->confirmation, Confirmation::unavailable);
  EXPECT_EQ(c.find("blip")->confirmation, Confirmation::unavailable) << "missing from the re-measurement";
}

TEST(Confirmation, OfflineComparisonsCannotConfirm) {
  const Scenario s;
  Comparison c = compare_results(s.base, s.cur);
  mark_unconfirmable(c, "offline");
  EXPECT_EQ(c.find("slow")->verdict, Verdict::regression);
  EXPECT_EQ(c.find("slow")->confirmation, Confirmation::unavailable);
  EXPECT_NE(c.find("slow")->reason.find("offline"), std::string::npos);
}

}  // namespace
}  // namespace perfgate
