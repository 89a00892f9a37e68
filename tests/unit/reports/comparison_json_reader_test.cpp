#include "perfgate/gate/comparison_json_reader.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "perfgate/gate/exit_code.hpp"

#include <nlohmann/json.hpp>

#include "perfgate/platform/errors.hpp"
#include "perfgate/gate/comparison_json.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;
using testing::traced_benchmark;
using testing::traced_kernel;

Suggestion advice(const std::string& rule, const std::string& benchmark, Priority priority, double factor, bool measured) {
  Suggestion s;
  s.rule = rule;
  s.benchmark = benchmark;
  s.priority = priority;
  s.evidence = "robust CV 4%";
  s.expected_gain.factor = factor;
  s.expected_gain.measured = measured;
  s.expected_gain.text = "1.5x";
  s.hint = "pin the clocks";
  return s;
}

// Every part the writer writes: each verdict, kernels, copies, a trace, a
// re-measurement, a case judged from summaries, figures, suggestions,
// notes, an environment shift, a non-finite number.
Comparison rich_comparison() {
  const Results base = results(
      "kernels", {benchmark("slow", lognormal_samples(1e-3, 0.01, 10, 1)), benchmark("fast", lognormal_samples(2e-3, 0.01, 10, 2)),
                  benchmark("same", lognormal_samples(1e-3, 0.01, 10, 3)), benchmark("gone", lognormal_samples(1e-3, 0.01, 10, 4)),
                  benchmark("few", lognormal_samples(1e-3, 0.01, 3, 5)),
                  traced_benchmark("traced", 1e-3, 6, {traced_kernel("gemm_a", 30, 900e3, 7), traced_kernel("old", 30, 10e3, 8)})},
      testing::test_gpu());
  Results cur = results(
      "kernels", {benchmark("slow", lognormal_samples(1.5e-3, 0.01, 10, 11)), benchmark("fast", lognormal_samples(1e-3, 0.01, 10, 12)),
                  benchmark("same", lognormal_samples(1e-3, 0.01, 10, 13)), benchmark("new", lognormal_samples(1e-3, 0.01, 10, 14)),
                  benchmark("few", lognormal_samples(1e-3, 0.01, 3, 15)), testing::failed_benchmark("broken", "it broke"),
                  traced_benchmark("traced", 1.2e-3, 16, {traced_kernel("gemm_a", 30, 1200e3, 17), traced_kernel("new_k", 60, 5e3, 18)})},
      testing::test_gpu());
  cur.benchmarks.back().copies = {{"HtoD", 2, 4096}};
  cur.figures = {{"kernels/speedup", 2.0, "x", "median(fast) / median(slow)", {"fast", "slow"}, std::nullopt},
                 {"kernels/missing", std::nullopt, "x", "median(a) / median(b)", {"a", "b"}, "a was not measured"}};
  Comparison c = compare_results(base, cur);
  c.baseline.origin = "baselines/h100/kernels.json";
  c.baseline.git_commit = "abc123";
  c.current.origin = "this run";
  c.figures = cur.figures;
  c.notes = {"a note with \"quotes\" and ünïcode"};
  c.environment_shift = EnvironmentShift{true, 1.31, 2.5, 3, 4};
  c.suggestions.push_back(advice("noisy", "slow", Priority::medium, 1.5, true));
  c.suggestions.push_back(advice("launch-bound", "", Priority::low, 0.0, false));
  BenchmarkComparison& slow = c.benchmarks.front();
  slow.confirmation = Confirmation::confirmed;
  slow.recheck = slow.current;
  slow.recheck_evidence = slow.evidence;
  slow.from_summaries = true;
  for (BenchmarkComparison& b : c.benchmarks)
    if (b.name == "fast" && b.evidence) b.evidence->p_value = std::nan("");  // written as null
  return c;
}

TEST(ComparisonJsonReader, RoundTripsEveryField) {
  const Comparison c = rich_comparison();
  const std::string written = comparison_to_json(c, gate_exit_code(c));
  int exit_code = -1;
  const Comparison back = comparison_from_json(written, "c.json", &exit_code);
  EXPECT_EQ(exit_code, gate_exit_code(c));
  EXPECT_EQ(comparison_to_json(back, exit_code), written);
  EXPECT_EQ(back.suite, "kernels");
  EXPECT_EQ(back.benchmarks.size(), c.benchmarks.size());
  ASSERT_NE(back.find("traced"), nullptr);
  EXPECT_FALSE(back.find("traced")->kernels.empty());
  EXPECT_EQ(back.figures.size(), 2u);
  EXPECT_EQ(back.suggestions.size(), 2u);
}

// Issue 41: a file's exit code is what its verdicts give (or 2, a harness
// error the run found after the suite wrote it); "0" beside a REGRESSION,
// or a code perfgate never gives, is refused with one line naming the file.
TEST(ComparisonJsonReader, AnExitCodeItsVerdictsDoNotGiveIsRefused) {
  Comparison c = rich_comparison();
  for (BenchmarkComparison& b : c.benchmarks) b.verdict = Verdict::no_change;
  c.benchmarks.front().verdict = Verdict::regression;
  ASSERT_EQ(gate_exit_code(c), kExitRegression);
  int exit_code = -1;
  comparison_from_json(comparison_to_json(c, kExitRegression), "c.json", &exit_code);
  EXPECT_EQ(exit_code, kExitRegression);
  comparison_from_json(comparison_to_json(c, kExitError), "c.json", &exit_code);
  EXPECT_EQ(exit_code, kExitError) << "a harness error found after the comparison stands";
  for (const int forged : {int{kExitOk}, int{kExitAllSkipped}, 7}) {
    try {
      comparison_from_json(comparison_to_json(c, forged), "forged.json", &exit_code);
      ADD_FAILURE() << "exit_code " << forged << " beside a REGRESSION was read";
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.rfind("forged.json: exit_code " + std::to_string(forged), 0), 0u) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
  // Also where the caller does not ask for the code (the history's ingest).
  EXPECT_THROW(comparison_from_json(comparison_to_json(c, kExitOk), "forged.json"), InputError);
}

// A ratio a file gives as null (NaN) once made the report order depend on
// the input order, so a second trip reordered the benchmarks (found by
// fuzz_comparison_reader): the order must be the same from any input order.
TEST(ComparisonJsonReader, OrderDoesNotDependOnInputOrderWithNullRatios) {
  nlohmann::json j = nlohmann::json::parse(comparison_to_json(rich_comparison(), 0));
  nlohmann::json& list = j["benchmarks"];
  const nlohmann::json evidence = list[0]["evidence"];
  list.clear();
  const double ratios[] = {1.03, 0.0, 1.02, 0.0, 1.019, 1.016, 0.0, 1.0025, 0.999};
  for (int i = 0; i < 9; ++i) {
    nlohmann::json b = {{"name", "case" + std::to_string(i)}, {"verdict", "NO_CHANGE"}, {"confirmation", "not_needed"}, {"evidence", evidence}};
    if (ratios[i] == 0.0) b["evidence"]["ratio"] = nullptr;
    else b["evidence"]["ratio"] = ratios[i];
    list.push_back(b);
  }
  j.erase("suggestions");
  const std::string once = comparison_to_json(comparison_from_json(j.dump(), "c.json"), 0);
  for (int turn = 0; turn < 20; ++turn) {
    std::reverse(list.begin(), list.end());
    std::rotate(list.begin(), list.begin() + turn % 9, list.end());
    EXPECT_EQ(comparison_to_json(comparison_from_json(j.dump(), "c.json"), 0), once) << "input order turn " << turn;
  }
  EXPECT_EQ(comparison_to_json(comparison_from_json(once, "c.json"), 0), once);
}

TEST(ComparisonJsonReader, BadInputIsOneLineNamingTheOrigin) {
  const auto problem = [](const std::string& text) {
    try {
      comparison_from_json(text, "x.json");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(problem("{").rfind("x.json: not JSON", 0), 0u) << problem("{");
  // A number beyond a double is nlohmann's out_of_range, not a parse_error (found by fuzz_comparison_reader).
  EXPECT_EQ(problem(R"({"exit_code": 0.2e961})").rfind("x.json: not JSON", 0), 0u) << problem(R"({"exit_code": 0.2e961})");
  EXPECT_EQ(problem("[]"), "x.json: is not an object");
  EXPECT_EQ(problem(R"({"schema": "perfgate/results"})"), "x.json: is not a comparison (schema is not \"perfgate/comparison\")");
  nlohmann::json j = nlohmann::json::parse(comparison_to_json(rich_comparison(), 0));
  j["schema_version"] = 2;
  EXPECT_NE(problem(j.dump()).find("schema_version 2"), std::string::npos);
  j = nlohmann::json::parse(comparison_to_json(rich_comparison(), 0));
  j["benchmarks"][0]["verdict"] = "MAYBE";
  EXPECT_NE(problem(j.dump()).find("unknown verdict \"MAYBE\""), std::string::npos) << problem(j.dump());
  j = nlohmann::json::parse(comparison_to_json(rich_comparison(), 0));
  j["benchmarks"][1]["evidence"]["ratio"] = "fast";
  EXPECT_NE(problem(j.dump()).find("'ratio' is not a number"), std::string::npos) << problem(j.dump());
  j = nlohmann::json::parse(comparison_to_json(rich_comparison(), 0));
  j["settings"]["min_samples"] = -1;
  EXPECT_NE(problem(j.dump()).find("'min_samples' is out of range"), std::string::npos) << problem(j.dump());
  for (const std::string& message : {problem("{"), problem(j.dump())}) EXPECT_EQ(message.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace perfgate
