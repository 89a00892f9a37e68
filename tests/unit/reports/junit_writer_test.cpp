#include "perfgate/reports/junit_writer.hpp"

#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include <gtest/gtest.h>

#include "perfgate/gate/confirmation.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "results_builder.hpp"
#include "shell.hpp"
#include "xml_document.hpp"

namespace perfgate {
namespace {

using testing::traced_benchmark;
using testing::traced_kernel;

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
  // Not judged against a baseline: a dashboard must not count it as passed.
  EXPECT_EQ(xml.count(case_path("fresh") + "/skipped"), 1u);
  EXPECT_EQ(xml.values(case_path("fresh") + "/skipped/@message").at(0).rfind("NEW: ", 0), 0u);
  EXPECT_EQ(xml.values("/testsuites/@failures"), std::vector<std::string>{"1"});
  EXPECT_EQ(xml.values("/testsuites/@errors"), std::vector<std::string>{"1"});
  EXPECT_EQ(xml.values("/testsuites/testsuite/@skipped"), std::vector<std::string>{"3"});
  EXPECT_EQ(xml.count("/testsuites/@skipped"), 0u) << "junit-10.xsd has no skipped on <testsuites>";
  EXPECT_EQ(xml.values("/testsuites/@name"), std::vector<std::string>{"gemm"}) << "the suite, not \"perfgate\"";
  EXPECT_EQ(xml.values(case_path("gpu-only") + "/skipped/@message"), std::vector<std::string>{"no CUDA device: none"})
      << "a case that could not run says why in its own words";
  EXPECT_EQ(xml.values(case_path("few") + "/skipped/@message").at(0).rfind("INCONCLUSIVE: ", 0), 0u);
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

// junit-10.xsd allows no <properties> in a <testcase>: each case's numbers
// are one `numbers:` line of its system-out.
TEST(JUnitWriter, NumbersInSystemOut) {
  const Comparison c = sample_comparison();
  const XmlDocument xml(comparison_to_junit(c, 1));
  EXPECT_EQ(xml.count("//testcase/properties"), 0u);
  const auto out = xml.values(case_path("slow") + "/system-out");
  ASSERT_EQ(out.size(), 1u);
  const std::size_t line = out[0].find("\nnumbers: verdict=REGRESSION baseline_median_s=");
  ASSERT_NE(line, std::string::npos) << out[0];
  const std::size_t ratio = out[0].find(" ratio=", line);
  ASSERT_NE(ratio, std::string::npos) << out[0];
  EXPECT_NEAR(std::stod(out[0].substr(ratio + 7)), c.find("slow")->evidence->ratio, 1e-5);
  EXPECT_NE(out[0].find(" q_value=", line), std::string::npos) << out[0];
  EXPECT_EQ(xml.count("/testsuites/testsuite/properties/property[@name='perfgate.exit_code']"), 1u);
}

// Jenkins xUnit's junit-10.xsd (tests/fixtures/junit) accepts every file the
// writer makes: a pass, a regression, a failed case, a skipped suite, kernels.
TEST(JUnitWriter, ValidatesAgainstTheJenkinsXunitSchema) {
  const std::string xsd = std::string(PERFGATE_TEST_FIXTURES) + "/junit/junit-10.xsd";
  const Results same = results("host", {benchmark("a", lognormal_samples(1e-3, 0.01, 10, 1)),
                                        benchmark("b", lognormal_samples(1e-3, 0.01, 10, 2))});
  const Results slower = results("host", {benchmark("a", lognormal_samples(2e-3, 0.01, 10, 3)),
                                          benchmark("b", lognormal_samples(1e-3, 0.01, 10, 4))});
  const Results failed = results("host", {testing::failed_benchmark("a", "boom"), benchmark("b", lognormal_samples(1e-3, 0.01, 10, 5))});
  const Results skipped = results("gemm", {testing::skipped_benchmark("gemm/a", "no CUDA device: none"),
                                           testing::skipped_benchmark("gemm/b", "no CUDA device: none")});
  const Results traced_base = results("gpu", {traced_benchmark("gemm", 1e-3, 1, {traced_kernel("sgemm", 30, 10e3, 1), traced_kernel("old", 30, 1e3, 2)})});
  const Results traced_cur = results("gpu", {traced_benchmark("gemm", 2e-3, 3, {traced_kernel("sgemm", 30, 12e3, 11), traced_kernel("new", 30, 1e3, 12)})});
  const std::vector<std::pair<std::string, Comparison>> runs = {
      {"pass", compare_results(same, same)},
      {"regression", compare_results(same, slower)},
      {"failed case", compare_results(same, failed)},
      {"skipped suite", compare_results(Results{}, skipped)},
      {"kernels", compare_results(traced_base, traced_cur)},
      {"everything", sample_comparison()},
  };
  for (const auto& [what, c] : runs) {
    const std::string text = comparison_to_junit(c, gate_exit_code(c));
    const XmlDocument xml(text);
    ASSERT_TRUE(xml.well_formed()) << what << ": " << xml.error();
    EXPECT_EQ(xml.schema_problems(xsd), "") << what << ":\n" << text;
  }
}

// A locale whose decimal separator is a comma, made here (localedef into a
// private LOCPATH), so that the check runs on machines that generated none.
class CommaLocale {
 public:
  CommaLocale() {
    const auto made = testing::run_shell("localedef -i de_DE -f UTF-8 " + testing::shell_word((dir_ / "de_DE.UTF-8").string()) +
                                         " 2>&1");
    if (made.exit_code != 0) {
      problem_ = "localedef -i de_DE -f UTF-8 failed (exit " + std::to_string(made.exit_code) + "): " + made.output;
      return;
    }
    const char* locpath = std::getenv("LOCPATH");
    saved_locpath_ = locpath ? std::optional<std::string>(locpath) : std::nullopt;
    ::setenv("LOCPATH", dir_.path().c_str(), 1);
    const char* previous = std::setlocale(LC_NUMERIC, nullptr);
    saved_ = previous ? previous : "C";
    if (!std::setlocale(LC_NUMERIC, "de_DE.UTF-8")) problem_ = "setlocale(LC_NUMERIC, \"de_DE.UTF-8\") failed";
  }
  ~CommaLocale() {
    std::setlocale(LC_NUMERIC, saved_.c_str());
    if (saved_locpath_) ::setenv("LOCPATH", saved_locpath_->c_str(), 1);
    else ::unsetenv("LOCPATH");
  }
  const std::string& problem() const { return problem_; }

 private:
  testing::TempDir dir_;
  std::string problem_, saved_ = "C";
  std::optional<std::string> saved_locpath_;
};

TEST(JUnitWriter, TimeIsSecondsWithADotWhateverTheLocale) {
  const Comparison c = sample_comparison();
  std::string junit;
  {
    const CommaLocale comma;
    if (!comma.problem().empty()) GTEST_SKIP() << "no comma locale to test with: " << comma.problem();
    char probe[16];
    std::snprintf(probe, sizeof probe, "%g", 1.5);
    ASSERT_STREQ(probe, "1,5") << "the locale is in force: printf writes a comma";
    junit = comparison_to_junit(c, 1);
  }
  const XmlDocument xml(junit);
  const auto times = xml.values("//testcase/@time");
  ASSERT_EQ(times.size(), c.benchmarks.size());
  for (const std::string& t : times) {
    EXPECT_EQ(t.find(','), std::string::npos) << t;
    EXPECT_NO_THROW((void)std::stod(t));
  }
}

TEST(JUnitWriter, AbsurdSamplesGiveAFiniteTime) {
  const Results base = testing::results("s", {testing::benchmark("x", std::vector<double>(10, 1.7e308))});
  const Results cur = testing::results("s", {testing::benchmark("x", std::vector<double>(10, 1.6e308))});
  const Comparison c = compare_results(base, cur);
  const XmlDocument xml(comparison_to_junit(c, gate_exit_code(c)));
  ASSERT_TRUE(xml.well_formed());
  for (const std::string& t : xml.values("//@time")) {
    EXPECT_EQ(t.find("inf"), std::string::npos) << t;
    EXPECT_TRUE(std::isfinite(std::stod(t))) << t;
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



TEST(JUnitWriter, KernelChangesInTheFailureTextAndSystemOut) {
  const std::string templated = "void gemm<float, 128>(float const*, int&) \"tile\" & 'k'";
  const Results base = results("gpu", {traced_benchmark("gemm", 1e-3, 1, {traced_kernel(templated, 30, 10e3, 1), traced_kernel("steady", 30, 5e3, 2)}),
                                       traced_benchmark("same", 1e-3, 2, {traced_kernel("copy", 30, 3e3, 3), traced_kernel("old", 30, 1e3, 4)})});
  const Results cur = results("gpu", {traced_benchmark("gemm", 2e-3, 3, {traced_kernel(templated, 30, 12e3, 11), traced_kernel("steady", 30, 5e3, 12)}),
                                      traced_benchmark("same", 1e-3, 4, {traced_kernel("copy", 30, 3e3, 13), traced_kernel("fresh\x01", 30, 1e3, 14)})});
  const Comparison c = compare_results(base, cur);
  const std::string text = comparison_to_junit(c, gate_exit_code(c));
  const XmlDocument xml(text);
  ASSERT_TRUE(xml.well_formed()) << xml.error() << "\n" << text;

  const auto failure = xml.values(case_path("gemm") + "/failure");
  ASSERT_EQ(failure.size(), 1u);
  EXPECT_NE(failure[0].find("\nkernel REGRESSION " + templated + ": 10.0 µs -> 12.0 µs (+"), std::string::npos) << failure[0];
  EXPECT_NE(failure[0].find("\ntrace: traces/gemm.json\n"), std::string::npos) << failure[0];
  EXPECT_EQ(failure[0].find("steady"), std::string::npos) << failure[0];

  const auto out = xml.values(case_path("same") + "/system-out");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NE(out[0].find("\nkernel NEW fresh\\x01: 1.00 µs, 1 call/iter (not in the baseline's traced pass)\n"),
            std::string::npos)
      << out[0];
  EXPECT_NE(out[0].find("\nkernel REMOVED old: 1.00 µs, 1 call/iter (not in the current traced pass)\n"), std::string::npos)
      << out[0];
  EXPECT_EQ(out[0].find("copy"), std::string::npos) << out[0];
  EXPECT_EQ(xml.count(case_path("same") + "/*[self::failure or self::error or self::skipped]"), 0u)
      << "kernel changes never fail a case";
}

TEST(JUnitWriter, NoKernelLinesWithoutKernelChanges) {
  const XmlDocument xml(comparison_to_junit(sample_comparison(), 1));
  ASSERT_TRUE(xml.well_formed()) << xml.error();
  for (const std::string& out : xml.values("//system-out")) EXPECT_EQ(out.find("kernel"), std::string::npos) << out;
}

TEST(JUnitWriter, EmptyRunIsStillAValidReport) {
  const Comparison c = compare_results(results("s", {}), results("s", {}));
  const XmlDocument xml(comparison_to_junit(c, 0));
  ASSERT_TRUE(xml.well_formed()) << xml.error();
  EXPECT_EQ(xml.values("/testsuites/@tests"), std::vector<std::string>{"0"});
}

}  // namespace
}  // namespace perfgate
