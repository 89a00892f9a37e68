#include "perfgate/writers/junit_writer.hpp"

#include <clocale>

#include <gtest/gtest.h>

#include "perfgate/compare/confirmation.hpp"
#include "perfgate/compare/exit_code.hpp"
#include "results_builder.hpp"
#include "xml_document.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;
using testing::xpath_literal;
using testing::XmlDocument;

Comparison sample_comparison() {
  const Results base = results("gemm", {benchmark("slow", lognormal_samples(1e-3, 0.01, 10, 1)),
                                        benchmark("same", lognormal_samples(1e-3, 0.01, 10, 2)),
                                        benchmark("few", lognormal_samples(1e-3, 0.01, 3, 3)),
                                        benchmark("broken", lognormal_samples(1e-3, 0.01, 10, 4)),
                                        benchmark("gpu-only", lognormal_samples(1e-3, 0.01, 10, 5))});
  const Results cur = results("gemm", {benchmark("slow", lognormal_samples(2e-3, 0.01, 10, 11)),
                                       benchmark("same", lognormal_samples(1e-3, 0.01, 10, 12)),
                                       benchmark("few", lognormal_samples(1e-3, 0.01, 10, 13)),
                                       testing::failed_benchmark("broken", "cudaMalloc: out of memory"),
                                       testing::skipped_benchmark("gpu-only", "no CUDA device: none"),
                                       benchmark("fresh", lognormal_samples(1e-3, 0.01, 10, 16))});
  Comparison c = compare_results(base, cur);
  c.baseline.origin = "baselines/test/gemm.json";
  mark_unconfirmable(c, "offline");
  return c;
}

std::string case_path(const std::string& name) { return "//testcase[@name=" + xpath_literal(name) + "]"; }

TEST(JUnitWriter, MapsVerdictsToJUnitOutcomes) {
  const Comparison c = sample_comparison();
  const XmlDocument xml(comparison_to_junit(c, gate_exit_code(c)));
  ASSERT_TRUE(xml.well_formed()) << xml.error();
  EXPECT_EQ(xml.count("/testsuites/testsuite[@name='gemm']"), 1u);
  EXPECT_EQ(xml.count("//testcase"), 6u);
  EXPECT_EQ(xml.count("//testcase[@classname='perf.gemm']"), 6u);
  EXPECT_EQ(xml.count(case_path("slow") + "/failure[@type='PerformanceRegression']"), 1u);
  EXPECT_EQ(xml.count(case_path("broken") + "/error"), 1u);
  EXPECT_EQ(xml.count(case_path("gpu-only") + "/skipped"), 1u);
  EXPECT_EQ(xml.count(case_path("few") + "/skipped"), 1u);
  EXPECT_EQ(xml.count(case_path("same") + "/*[self::failure or self::error or self::skipped]"), 0u);
  EXPECT_EQ(xml.count(case_path("fresh") + "/*[self::failure or self::error or self::skipped]"), 0u);
  EXPECT_EQ(xml.values("/testsuites/@failures"), std::vector<std::string>{"1"});
  EXPECT_EQ(xml.values("/testsuites/@errors"), std::vector<std::string>{"1"});
  EXPECT_EQ(xml.values("/testsuites/@skipped"), std::vector<std::string>{"2"});
}

TEST(JUnitWriter, FailureHasAOneLineMessageAndDetailsInTheBody) {
  const Comparison c = sample_comparison();
  const XmlDocument xml(comparison_to_junit(c, 1));
  const auto message = xml.values(case_path("slow") + "/failure/@message");
  ASSERT_EQ(message.size(), 1u);
  EXPECT_EQ(message[0].find('\n'), std::string::npos);
  EXPECT_NE(message[0].find("slow: +"), std::string::npos) << message[0];
  const auto body = xml.values(case_path("slow") + "/failure");
  ASSERT_EQ(body.size(), 1u);
  EXPECT_NE(body[0].find("baseline: median"), std::string::npos) << body[0];
}

TEST(JUnitWriter, NumbersInProperties) {
  const Comparison c = sample_comparison();
  const XmlDocument xml(comparison_to_junit(c, 1));
  EXPECT_EQ(xml.values(case_path("slow") + "/properties/property[@name='verdict']/@value"),
            std::vector<std::string>{"REGRESSION"});
  const auto ratio = xml.values(case_path("slow") + "/properties/property[@name='ratio']/@value");
  ASSERT_EQ(ratio.size(), 1u);
  EXPECT_NEAR(std::stod(ratio[0]), c.find("slow")->evidence->ratio, 1e-5);
  EXPECT_EQ(xml.count("/testsuites/testsuite/properties/property[@name='perfgate.exit_code']"), 1u);
}

TEST(JUnitWriter, TimeIsSecondsWithADotWhateverTheLocale) {
  const Comparison c = sample_comparison();
  const char* previous = std::setlocale(LC_NUMERIC, nullptr);
  const std::string saved = previous ? previous : "C";
  std::setlocale(LC_NUMERIC, "de_DE.UTF-8");  // may be missing; the check holds either way
  const XmlDocument xml(comparison_to_junit(c, 1));
  std::setlocale(LC_NUMERIC, saved.c_str());
  for (const std::string& t : xml.values("//testcase/@time")) {
    EXPECT_EQ(t.find(','), std::string::npos) << t;
    EXPECT_NO_THROW((void)std::stod(t));
  }
}

TEST(JUnitWriter, HostileNamesStayWellFormedAndUnique) {
  const std::vector<std::string> names = {
      "lt<gt>amp&quot\"apos'",
      "control\x01\x02\x1f chars",
      "tab\tnew\nline\rcr",
      "grüße/尺寸/😀",
      "invalid \xff\xfe utf8",
      "cdata ]]> end",
      "dup\x01",
      "dup\x02",  // both become "dup" once the control characters are removed
  };
  std::vector<BenchmarkResult> base, cur;
  for (std::size_t i = 0; i < names.size(); ++i) {
    base.push_back(benchmark(names[i], lognormal_samples(1e-3, 0.01, 10, i)));
    cur.push_back(benchmark(names[i], lognormal_samples(i == 0 ? 2e-3 : 1e-3, 0.01, 10, 50 + i)));
  }
  Comparison c = compare_results(results("s<&>\"'", base), results("s<&>\"'", cur));
  const std::string text = comparison_to_junit(c, 1);
  const XmlDocument xml(text);
  ASSERT_TRUE(xml.well_formed()) << xml.error() << "\n" << text;
  const auto written = xml.values("//testcase/@name");
  ASSERT_EQ(written.size(), names.size());
  EXPECT_EQ(std::set<std::string>(written.begin(), written.end()).size(), names.size()) << "names must be unique";
  EXPECT_EQ(xml.count(case_path("lt<gt>amp&quot\"apos'")), 1u);
  EXPECT_EQ(xml.count(case_path("grüße/尺寸/😀")), 1u);
  EXPECT_EQ(xml.count(case_path("tab\tnew\nline\rcr")), 1u) << "attribute whitespace survives as references";
  EXPECT_EQ(xml.count(case_path("control chars")), 1u);
  EXPECT_EQ(xml.count(case_path("invalid \xef\xbf\xbd\xef\xbf\xbd utf8")), 1u);
  EXPECT_EQ(xml.count(case_path("dup") + " | " + case_path("dup (2)")), 2u);
  EXPECT_EQ(xml.values("/testsuites/testsuite/@name"), std::vector<std::string>{"s<&>\"'"});
  EXPECT_EQ(xml.count("//testcase/failure"), 1u);
}

TEST(JUnitWriter, IgnoredRegressionIsSkippedNotFailed) {
  Results base = results("s", {benchmark("x", lognormal_samples(1e-3, 0.01, 10, 1))});
  base.benchmarks[0].gate.ignore = true;
  const Results cur = results("s", {benchmark("x", lognormal_samples(3e-3, 0.01, 10, 2))});
  const Comparison c = compare_results(base, cur);
  const XmlDocument xml(comparison_to_junit(c, gate_exit_code(c)));
  EXPECT_EQ(xml.count("//failure"), 0u);
  const auto message = xml.values("//testcase/skipped/@message");
  ASSERT_EQ(message.size(), 1u);
  EXPECT_NE(message[0].find("ignored"), std::string::npos);
}

TEST(JUnitWriter, EmptyRunIsStillAValidReport) {
  const Comparison c = compare_results(results("s", {}), results("s", {}));
  const XmlDocument xml(comparison_to_junit(c, 0));
  ASSERT_TRUE(xml.well_formed()) << xml.error();
  EXPECT_EQ(xml.values("/testsuites/@tests"), std::vector<std::string>{"0"});
}

}  // namespace
}  // namespace perfgate
