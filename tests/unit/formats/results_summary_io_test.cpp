// The optional per-benchmark "summary" of the results schema: written and
// read back exactly, and validated like every other field.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using nlohmann::json;

Results summarized_results() {
  BenchmarkResult b;
  b.name = "hash/size_bytes=50000000 max_depth=1";
  b.summary = SampleStatistics{2976, 4.27e-4, 2.32e-4, 4.1e-4, 3.9e-4, 9.1e-3};
  BenchmarkResult plain;
  plain.name = "sequences/num_rows=104857600";
  plain.summary = SampleStatistics{103, 0.1459, 0.0072, std::nullopt, std::nullopt, std::nullopt};
  return testing::results("hash", {b, plain}, testing::test_gpu("Quadro RTX 8000", 72));
}

std::string rejection(const json& doc) {
  try {
    parse_results(doc.dump(), "base.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(ResultsSummaryIo, RoundTripKeepsEveryField) {
  const Results original = summarized_results();
  const Results loaded = parse_results(results_to_json(original), "x.json");
  ASSERT_EQ(loaded.benchmarks.size(), 2u);
  const SampleStatistics& s = *loaded.benchmarks[0].summary;
  EXPECT_EQ(s.count, 2976u);
  EXPECT_EQ(s.mean, 4.27e-4);
  EXPECT_EQ(s.stdev, 2.32e-4);
  EXPECT_EQ(s.median, 4.1e-4);
  EXPECT_EQ(s.min, 3.9e-4);
  EXPECT_EQ(s.max, 9.1e-3);
  EXPECT_TRUE(loaded.benchmarks[0].samples.empty());
  const SampleStatistics& plain = *loaded.benchmarks[1].summary;
  EXPECT_FALSE(plain.median || plain.min || plain.max);
  EXPECT_EQ(results_to_json(loaded), results_to_json(original)) << "stable through a second write";
}

TEST(ResultsSummaryIo, OptionalFieldsAreLeftOutAndSamplesWinOverASummary) {
  Results r = summarized_results();
  const json doc = json::parse(results_to_json(r));
  EXPECT_FALSE(doc["benchmarks"][1]["summary"].contains("median"));
  EXPECT_FALSE(doc["benchmarks"][1].contains("median")) << "no sample median to write";
  r.benchmarks[0].samples = {1e-3, 2e-3};
  EXPECT_FALSE(json::parse(results_to_json(r))["benchmarks"][0].contains("summary"));
}

struct BadSummary {
  const char* label;
  void (*corrupt)(json&);
  const char* problem;
};

class SummaryRejects : public ::testing::TestWithParam<BadSummary> {};

TEST_P(SummaryRejects, WithOneLine) {
  json doc = json::parse(results_to_json(summarized_results()));
  GetParam().corrupt(doc);
  const std::string message = rejection(doc);
  EXPECT_EQ(message.rfind("base.json: ", 0), 0u) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_NE(message.find(GetParam().problem), std::string::npos) << message;
}

json& summary(json& d) { return d["benchmarks"][0]["summary"]; }

INSTANTIATE_TEST_SUITE_P(
    Corrupt, SummaryRejects,
    ::testing::Values(
        BadSummary{"not_object", [](json& d) { summary(d) = 3; }, "summary: is not a JSON object"},
        BadSummary{"count_zero", [](json& d) { summary(d)["count"] = 0; }, "'count' is not a positive whole number"},
        BadSummary{"count_fraction", [](json& d) { summary(d)["count"] = 2.5; }, "'count' is not a positive whole number"},
        BadSummary{"count_negative", [](json& d) { summary(d)["count"] = -4; }, "'count' is not a positive whole number"},
        BadSummary{"count_missing", [](json& d) { summary(d).erase("count"); }, "has no 'count'"},
        BadSummary{"mean_missing", [](json& d) { summary(d).erase("mean"); }, "has no 'mean'"},
        BadSummary{"mean_negative", [](json& d) { summary(d)["mean"] = -1.0; }, "'mean' is below"},
        BadSummary{"stdev_string", [](json& d) { summary(d)["stdev"] = "wide"; }, "'stdev' is not a finite number"},
        BadSummary{"min_above_max", [](json& d) { summary(d)["min"] = 1.0; }, "'min' is above 'max'"},
        BadSummary{"mean_below_min", [](json& d) { summary(d)["min"] = 4.5e-4; }, "'mean' is below 'min'"},
        BadSummary{"median_above_max", [](json& d) { summary(d)["median"] = 1.0; }, "'median' is above 'max'"},
        BadSummary{"with_samples", [](json& d) { d["benchmarks"][0]["samples"] = {1e-3}; }, "has both 'samples' and a 'summary'"},
        BadSummary{"neither", [](json& d) { d["benchmarks"][0].erase("summary"); }, "has no samples and no summary"}),
    [](const auto& param_info) { return std::string(param_info.param.label); });

TEST(ResultsSummaryIo, TheBenchmarkIsNamedInTheComplaint) {
  json doc = json::parse(results_to_json(summarized_results()));
  summary(doc)["count"] = 0;
  EXPECT_NE(rejection(doc).find("benchmark 'hash/size_bytes=50000000 max_depth=1': summary:"), std::string::npos)
      << rejection(doc);
}

}  // namespace
}  // namespace perfgate
