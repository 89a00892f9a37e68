// perfgate_add_suite() registers what docs/design.md promises; checked on
// this build tree's own ctest configuration.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "shell.hpp"

namespace perfgate {
namespace {

using nlohmann::json;

json ctest_configuration() {
  const auto run = testing::run_shell("cd " + testing::shell_word(PERFGATE_BUILD_DIR) + " && " +
                                      testing::shell_word(PERFGATE_CTEST) + " --show-only=json-v1 2>/dev/null");
  return json::parse(run.output);
}

json test_named(const json& config, const std::string& name) {
  for (const auto& t : config["tests"])
    if (t["name"] == name) return t;
  return nullptr;
}

json property(const json& test, const std::string& name) {
  for (const auto& p : test["properties"])
    if (p["name"] == name) return p["value"];
  return nullptr;
}

TEST(SuiteRegistration, GateTestIsLabelledPerfSkipsOn77AndRunsAlone) {
  const json gate = test_named(ctest_configuration(), "perf.host");
  ASSERT_FALSE(gate.is_null());
  EXPECT_EQ(property(gate, "LABELS"), json({"perf"}));
  EXPECT_EQ(property(gate, "SKIP_RETURN_CODE"), 77);
  EXPECT_EQ(property(gate, "RUN_SERIAL"), true);
  const auto command = gate["command"].dump();
  EXPECT_NE(command.find("--perfgate_baseline_dir="), std::string::npos) << command;
  EXPECT_NE(command.find("--perfgate_out_dir="), std::string::npos) << command;
}

TEST(SuiteRegistration, SmokeCompanionIsOutsideThePerfLabel) {
  const json smoke = test_named(ctest_configuration(), "perf-smoke.host");
  ASSERT_FALSE(smoke.is_null());
  EXPECT_EQ(property(smoke, "LABELS"), json({"smoke"}));
  EXPECT_NE(smoke["command"].dump().find("--perfgate_mode=smoke"), std::string::npos);
}

TEST(SuiteRegistration, ManifestListsTheSuite) {
  const json manifest = json::parse(testing::read_text(std::string(PERFGATE_BUILD_DIR) + "/perfgate-suites.json"));
  EXPECT_EQ(manifest["schema"], "perfgate/suites");
  bool found = false;
  for (const auto& s : manifest["suites"])
    if (s["name"] == "host") found = s["binary"] == PERFGATE_HOST_SUITE && s["gpu"] == false;
  EXPECT_TRUE(found) << manifest.dump(2);
}

// A suite of GPUS n (perfgate_add_suite(... GPU GPUS n)): labels gpu and
// multi-gpu, and the manifest says how many GPUs it may use.  Its resource
// groups are set when ctest counts the GPUs (tests/resource_spec).
TEST(SuiteRegistration, MultiGpuSuitesAreLabelledAndListedWithTheirGpuCount) {
  const json scaling = test_named(ctest_configuration(), "perf.scaling");
  if (scaling.is_null()) GTEST_SKIP() << "no scaling suite in this build (no CUDA or NCCL)";
  EXPECT_EQ(property(scaling, "LABELS"), json({"gpu", "multi-gpu", "perf"}));
  const json supergrad = test_named(ctest_configuration(), "perf.supergrad");  // built where scaling is
  ASSERT_FALSE(supergrad.is_null());
  EXPECT_EQ(property(supergrad, "LABELS"), json({"gpu", "multi-gpu", "perf"}));
  const json manifest = json::parse(testing::read_text(std::string(PERFGATE_BUILD_DIR) + "/perfgate-suites.json"));
  for (const auto& s : manifest["suites"]) {
    if (s["name"] == "scaling" || s["name"] == "supergrad") EXPECT_EQ(s["gpus"], 8) << s["name"];
    if (s["name"] == "host") EXPECT_FALSE(s.contains("gpus"));
  }
}

}  // namespace
}  // namespace perfgate
