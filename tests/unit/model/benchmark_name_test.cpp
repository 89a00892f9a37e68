#include "perfgate/model/benchmark_name.hpp"

#include <regex>

#include <gtest/gtest.h>

namespace perfgate {
namespace {

TEST(CanonicalBenchmarkName, DropsRunSettingsKeepsArgumentsAndThreads) {
  EXPECT_EQ(canonical_benchmark_name("BM_x/64/repeats:10/manual_time"), "BM_x/64");
  EXPECT_EQ(canonical_benchmark_name("BM_x/64/min_time:0.100/real_time"), "BM_x/64");
  EXPECT_EQ(canonical_benchmark_name("BM_x/8/iterations:5/min_warmup_time:1.000/process_time/threads:4"),
            "BM_x/8/threads:4");
  EXPECT_EQ(canonical_benchmark_name("gemm/bf16/4096x4096x4096"), "gemm/bf16/4096x4096x4096");
  EXPECT_EQ(canonical_benchmark_name("BM_plain"), "BM_plain");
}

TEST(CanonicalBenchmarkName, TheFunctionNameIsNeverDropped) {
  EXPECT_EQ(canonical_benchmark_name("real_time/5"), "real_time/5");
}

TEST(BenchmarkNameProblem, AcceptsPunctuationAndNonAscii) {
  EXPECT_FALSE(benchmark_name_problem("fft/<float>&\"'/größe/尺寸").has_value());
}

TEST(BenchmarkNameProblem, RejectsOddNames) {
  EXPECT_TRUE(benchmark_name_problem("").has_value());
  EXPECT_TRUE(benchmark_name_problem("two\nlines").has_value());
  EXPECT_TRUE(benchmark_name_problem(std::string("nul\0byte", 8)).has_value());
  EXPECT_TRUE(benchmark_name_problem("bad \xff utf8").has_value());
  EXPECT_TRUE(benchmark_name_problem("overlong \xc0\xaf").has_value());
  EXPECT_TRUE(benchmark_name_problem(std::string(1025, 'x')).has_value());
}

// Names that look like another name: refused at load, so that no writer
// shows "BM_a" for what is "BM_\u202Ea" or two identical-looking names.
TEST(BenchmarkNameProblem, RejectsInvisibleAndBidiCharacters) {
  EXPECT_EQ(benchmark_name_problem("BM_\u202Egemm"), "the name contains a bidirectional control character (U+202E)");
  EXPECT_EQ(benchmark_name_problem("\uFEFFBM_gemm"), "the name contains an invisible character (U+FEFF)");
  EXPECT_EQ(benchmark_name_problem("BM_ge\u200Bmm"), "the name contains an invisible character (U+200B)");
  EXPECT_EQ(benchmark_name_problem("BM_\u2066x\u2069"), "the name contains a bidirectional control character (U+2066)");
  EXPECT_EQ(benchmark_name_problem("csi\u009b2J"), "the name contains a C1 control character (U+009B)");
  EXPECT_FALSE(benchmark_name_problem("gemm/\u00e9t\u00e9/\u5c3a\u5bf8 x 8192").has_value());
}

bool selects(const std::string& filter, const std::string& full_name) {
  return std::regex_search(full_name, std::regex(filter, std::regex::extended));
}

TEST(BenchmarkFilterFor, SelectsExactlyTheNamedCases) {
  const std::string filter = benchmark_filter_for({"cpu_gemm/blocked/256", "odd.name(1)+[x]"});
  EXPECT_TRUE(selects(filter, "cpu_gemm/blocked/256/min_time:0.100/real_time"));
  EXPECT_TRUE(selects(filter, "cpu_gemm/blocked/256"));
  EXPECT_TRUE(selects(filter, "odd.name(1)+[x]/repeats:3"));
  EXPECT_FALSE(selects(filter, "cpu_gemm/blocked/2560"));
  EXPECT_FALSE(selects(filter, "cpu_gemm/blocked/512"));
  EXPECT_FALSE(selects(filter, "xcpu_gemm/blocked/256"));
  EXPECT_FALSE(selects(filter, "oddxname(1)+[x]"));
}

TEST(BenchmarkFilterFor, KeepsThreadSegmentsInPlace) {
  const std::string filter = benchmark_filter_for({"BM_x/8/threads:4"});
  EXPECT_TRUE(selects(filter, "BM_x/8/manual_time/threads:4"));
  EXPECT_FALSE(selects(filter, "BM_x/8/manual_time/threads:2"));
}

TEST(BenchmarkFilterFor, EmptyListSelectsNothing) {
  EXPECT_FALSE(selects(benchmark_filter_for({}), "BM_x"));
}

}  // namespace
}  // namespace perfgate
