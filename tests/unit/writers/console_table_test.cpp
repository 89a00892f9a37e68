#include "perfgate/writers/console_table.hpp"

#include <sstream>

#include <gtest/gtest.h>

#include "results_builder.hpp"

namespace perfgate {
namespace {

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

TEST(ConsoleTable, ControlCharactersInNamesAreEscaped) {
  const Comparison c = compare_results(results("s", {}), results("s", {benchmark("bad\nname", {1e-3})}));
  std::ostringstream out;
  print_comparison_table(out, c, 0);
  EXPECT_NE(out.str().find("bad\\x0aname"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace perfgate
