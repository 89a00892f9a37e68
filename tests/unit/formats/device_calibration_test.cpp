#include "perfgate/formats/device_calibration.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/baselines/baseline_store.hpp"
#include "perfgate/platform/errors.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

DeviceCalibration h100_calibration() {
  DeviceCalibration c;
  c.fingerprint = testing::test_gpu();
  c.created_utc = "2026-11-22T18:05:48Z";
  c.measurements.push_back({"memory", "cudaMemcpyAsync", 4.0e9, {1.40e-3, 1.33e-3, 1.34e-3}});
  c.measurements.push_back({"bf16", "cublasGemmEx 8192^3", 2.0 * 8192.0 * 8192.0 * 8192.0, {1.43e-3, 1.44e-3, 1.42e-3}});
  return c;
}

TEST(DeviceCalibration, CeilingsAreTheWorkOverTheMedianTime) {
  const Ceilings c = h100_calibration().ceilings();
  EXPECT_EQ(c.source, CeilingSource::measured);
  EXPECT_NEAR(*c.memory(), 4.0e9 / 1.34e-3, 1.0);
  EXPECT_NEAR(*c.flops(Precision::bf16), 2.0 * 8192.0 * 8192.0 * 8192.0 / 1.43e-3, 1e3);
  EXPECT_FALSE(c.flops(Precision::fp32).has_value());
}

TEST(DeviceCalibration, RoundTripsThroughJson) {
  const DeviceCalibration original = h100_calibration();
  const DeviceCalibration loaded = parse_device_calibration(device_calibration_to_json(original), "device.json");
  EXPECT_EQ(loaded.fingerprint.slug, "nvidia-h100-80gb-hbm3");
  EXPECT_EQ(loaded.created_utc, original.created_utc);
  ASSERT_EQ(loaded.measurements.size(), 2u);
  EXPECT_EQ(loaded.measurements[1].samples, original.measurements[1].samples);
  EXPECT_EQ(loaded.measurements[1].method, "cublasGemmEx 8192^3");
  EXPECT_DOUBLE_EQ(*loaded.ceilings().flops(Precision::bf16), *original.ceilings().flops(Precision::bf16));
}

TEST(DeviceCalibration, PathIsBesideTheDevicesBaselines) {
  EXPECT_EQ(FolderBaselineStore("baselines").calibration_file("nvidia-h100-80gb-hbm3"),
            std::filesystem::path("baselines/nvidia-h100-80gb-hbm3/device.json"));
}

struct BadCalibration {
  const char* label;
  std::function<void(nlohmann::json&)> corrupt;
  const char* expected;  // part of the one-line message
};

class DeviceCalibrationRejects : public ::testing::TestWithParam<BadCalibration> {};

TEST_P(DeviceCalibrationRejects, WithOneLineNamingTheFileAndTheProblem) {
  nlohmann::json doc = nlohmann::json::parse(device_calibration_to_json(h100_calibration()));
  GetParam().corrupt(doc);
  try {
    parse_device_calibration(doc.dump(), "baselines/x/device.json");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("baselines/x/device.json: ", 0), 0u) << message;
    EXPECT_NE(message.find(GetParam().expected), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Corruptions, DeviceCalibrationRejects,
    ::testing::Values(
        BadCalibration{"schema", [](nlohmann::json& d) { d["schema"] = "perfgate/results"; }, "not a perfgate device calibration"},
        BadCalibration{"future", [](nlohmann::json& d) { d["schema_version"] = 7; }, "newer than this perfgate reads"},
        BadCalibration{"nan", [](nlohmann::json& d) { d["measurements"][0]["samples"][1] = nullptr; }, "sample 1 is not a number"},
        BadCalibration{"negative", [](nlohmann::json& d) { d["measurements"][0]["samples"][0] = -1.0; }, "negative"},
        BadCalibration{"empty", [](nlohmann::json& d) { d["measurements"][1]["samples"] = nlohmann::json::array(); }, "has no samples"},
        BadCalibration{"ceiling", [](nlohmann::json& d) { d["measurements"][1]["ceiling"] = "int4"; }, "unknown ceiling 'int4'"},
        BadCalibration{"twice", [](nlohmann::json& d) { d["measurements"][1]["ceiling"] = "memory"; }, "more than once"},
        BadCalibration{"work", [](nlohmann::json& d) { d["measurements"][0]["work_per_call"] = 0; }, "'work_per_call' must be positive"},
        BadCalibration{"cpu", [](nlohmann::json& d) { d["fingerprint"]["kind"] = "cpu"; }, "is for a GPU"},
        BadCalibration{"device", [](nlohmann::json& d) { d["fingerprint"]["kind"] = "tpu"; }, "unknown device kind 'tpu'"}),
    [](const ::testing::TestParamInfo<BadCalibration>& p) { return std::string(p.param.label); });

TEST(DeviceCalibration, MalformedJsonNamesTheFile) {
  try {
    parse_device_calibration("{\"schema\": ", "dev.json");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("dev.json: malformed JSON", 0), 0u) << e.what();
  }
}

}  // namespace
}  // namespace perfgate
