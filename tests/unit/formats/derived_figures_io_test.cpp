// Derived figures in the results file: written only when there are some,
// read back as written, and validated like the rest of the file.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/baselines/baseline_refresh.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using nlohmann::json;

Results with_figures() {
  Results r = testing::results("elementwise", {testing::benchmark("ew/eager", {3e-3, 3e-3, 3e-3}),
                                               testing::benchmark("ew/fused", {1e-3, 1e-3, 1e-3})});
  r.figures.push_back({"ew/fusion_speedup", 3.0, "x", "median(ew/eager) / median(ew/fused)", {"ew/eager", "ew/fused"}, std::nullopt});
  r.figures.push_back({"ew/pct", std::nullopt, "%", "100 * median(ew/ref) / median(ew/fused)", {"ew/fused", "ew/ref"},
                       "'ew/ref' was not run"});
  return r;
}

std::string rejection(const json& doc) {
  try {
    parse_results(doc.dump(), "base.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(DerivedFiguresIo, RoundTripKeepsEveryField) {
  const Results loaded = parse_results(results_to_json(with_figures()), "x.json");
  ASSERT_EQ(loaded.figures.size(), 2u);
  const DerivedFigure& f = loaded.figures[0];
  EXPECT_EQ(f.name, "ew/fusion_speedup");
  EXPECT_EQ(f.value, 3.0);
  EXPECT_EQ(f.unit, "x");
  EXPECT_EQ(f.formula, "median(ew/eager) / median(ew/fused)");
  EXPECT_EQ(f.inputs, (std::vector<std::string>{"ew/eager", "ew/fused"}));
  EXPECT_FALSE(f.missing);
  EXPECT_FALSE(loaded.figures[1].value);
  EXPECT_EQ(loaded.figures[1].missing, "'ew/ref' was not run");
}

TEST(DerivedFiguresIo, AbsentValueAndMissingAreLeftOut) {
  const json doc = json::parse(results_to_json(with_figures()));
  ASSERT_EQ(doc["figures"].size(), 2u);
  EXPECT_FALSE(doc["figures"][0].contains("missing"));
  EXPECT_FALSE(doc["figures"][1].contains("value"));
  EXPECT_EQ(doc["schema_version"], 1);  // an optional, additive field
}

TEST(DerivedFiguresIo, NoFiguresNoField) {
  Results r = with_figures();
  r.figures.clear();
  EXPECT_FALSE(json::parse(results_to_json(r)).contains("figures"));
  EXPECT_TRUE(parse_results(results_to_json(r), "x.json").figures.empty());
}

TEST(DerivedFiguresIo, PoolingDropsFigures) {
  EXPECT_TRUE(pool_runs({with_figures(), with_figures()}).figures.empty());
}

struct FigureCorruption {
  const char* what;
  void (*apply)(json&);
  const char* expected;
};

void PrintTo(const FigureCorruption& corruption, std::ostream* out) { *out << corruption.what; }

class DerivedFiguresValidation : public ::testing::TestWithParam<FigureCorruption> {};

TEST_P(DerivedFiguresValidation, RejectsOnOneLineNamingTheFigure) {
  json doc = json::parse(results_to_json(with_figures()));
  GetParam().apply(doc);
  const std::string message = rejection(doc);
  EXPECT_EQ(message.rfind("base.json: ", 0), 0u) << message;
  EXPECT_NE(message.find(GetParam().expected), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

INSTANTIATE_TEST_SUITE_P(
    Schema, DerivedFiguresValidation,
    ::testing::Values(
        FigureCorruption{"value_text", [](json& d) { d["figures"][0]["value"] = "fast"; },
                         "figure 'ew/fusion_speedup': 'value' is not a finite number"},
        FigureCorruption{"no_name", [](json& d) { d["figures"][0].erase("name"); }, "figures[0] has no 'name'"},
        FigureCorruption{"empty_name", [](json& d) { d["figures"][1]["name"] = ""; }, "figures[1] has an empty name"},
        FigureCorruption{"name_number", [](json& d) { d["figures"][0]["name"] = 3; }, "'name' is not a string"},
        FigureCorruption{"unit_number", [](json& d) { d["figures"][0]["unit"] = 1; }, "'unit' is not a string"},
        FigureCorruption{"formula_array", [](json& d) { d["figures"][0]["formula"] = json::array(); },
                         "'formula' is not a string"},
        FigureCorruption{"inputs_text", [](json& d) { d["figures"][0]["inputs"] = "ew/eager"; }, "'inputs' is not an array"},
        FigureCorruption{"inputs_number", [](json& d) { d["figures"][0]["inputs"][1] = 2; }, "not a case name"},
        FigureCorruption{"not_array", [](json& d) { d["figures"] = json::object(); }, "'figures' is not an array"},
        FigureCorruption{"entry_not_object", [](json& d) { d["figures"][0] = 1.5; }, "figures[0] is not a JSON object"}),
    [](const ::testing::TestParamInfo<FigureCorruption>& param_info) { return std::string(param_info.param.what); });

}  // namespace
}  // namespace perfgate
