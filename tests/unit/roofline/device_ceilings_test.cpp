#include "roofline/device_ceilings.hpp"

#include <gtest/gtest.h>

#include "perfgate/formats/device_calibration.hpp"
#include "perfgate/platform/errors.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

DeviceCalibration measured_on(const Fingerprint& device) {
  DeviceCalibration c;
  c.fingerprint = device;
  c.measurements.push_back({"memory", "copy", 3.0e9, {1e-3}});
  c.measurements.push_back({"bf16", "gemm", 770e9, {1e-3}});
  return c;
}

TEST(DeviceCeilings, TheCalibrationIsPreferredAndLabelledMeasured) {
  const testing::TempDir dir;
  const Fingerprint gpu = testing::test_gpu();
  save_device_calibration(measured_on(gpu), dir / "device.json");
  const Ceilings c = ceilings_for(gpu, dir / "device.json");
  EXPECT_EQ(c.source, CeilingSource::measured);
  EXPECT_NEAR(*c.memory(), 3.0e12, 1.0);
  EXPECT_NEAR(*c.flops(Precision::bf16), 770e12, 1e3);
  EXPECT_FALSE(c.flops(Precision::fp32).has_value()) << "measured alone, never mixed with theory";
}

TEST(DeviceCeilings, WithoutACalibrationTheyAreTheoretical) {
  const testing::TempDir dir;
  const Ceilings c = ceilings_for(testing::test_gpu(), dir / "device.json");
  EXPECT_EQ(c.source, CeilingSource::theoretical);
  EXPECT_TRUE(c.flops(Precision::bf16).has_value());
}

TEST(DeviceCeilings, ACalibrationOfAnotherDeviceIsAnError) {
  const testing::TempDir dir;
  save_device_calibration(measured_on(testing::test_gpu("NVIDIA H100 80GB HBM3", 114)), dir / "device.json");
  try {
    ceilings_for(testing::test_gpu("NVIDIA H100 80GB HBM3", 132), dir / "device.json");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("device.json: calibrated on another device (SM count differs"), std::string::npos) << message;
    EXPECT_NE(message.find("perfgate device --calibrate"), std::string::npos) << message;
  }
}

TEST(DeviceCeilings, ACalibrationReadFromAStoreIsNamedByItsLocation) {
  const Fingerprint gpu = testing::test_gpu("NVIDIA H100 80GB HBM3", 132);
  EXPECT_EQ(ceilings_for(gpu, measured_on(gpu), "row h100").source, CeilingSource::measured);
  EXPECT_EQ(ceilings_for(gpu, std::nullopt, "row h100").source, CeilingSource::theoretical);
  try {
    ceilings_for(gpu, measured_on(testing::test_gpu("NVIDIA H100 80GB HBM3", 114)), "row h100");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("row h100: calibrated on another device", 0), 0u) << e.what();
  }
}

}  // namespace
}  // namespace perfgate
