// The GPU counted pass's metrics, configured by CUPTI's profiler host API
// for a chip: no device needed, so this runs on every machine with the CUDA
// toolkit.  What a device would count with it is not tested here (no device;
// docs/gpu-runs.md).

#include "count/kernel_metrics.hpp"

#include <algorithm>
#include <stdexcept>

#include <gtest/gtest.h>

namespace perfgate::count {
namespace {

TEST(KernelMetrics, TheHopperChipTakesEveryMetricInOnePass) {
  const KernelMetricPlan plan("GH100");  // H100 and H200
  EXPECT_FALSE(plan.config_image().empty());
  EXPECT_EQ(plan.passes(), 1u) << "each kernel would be replayed " << plan.passes() << " times";
  const auto units = plan.units();
  ASSERT_EQ(units.size(), kernel_metrics().size());
  EXPECT_EQ(units.at("kernel_instructions"), "instruction");
  EXPECT_EQ(units.at("kernel_dram_bytes_read"), "byte");
  EXPECT_EQ(units.at("kernel_dram_bytes_written"), "byte");
  EXPECT_EQ(units.at("kernel_l2_bytes"), "byte");
  EXPECT_EQ(units.at("kernel_achieved_occupancy_pct"), "percent");
}

TEST(KernelMetrics, EveryChipFromAmpereOnKnowsThem) {
  const std::vector<std::string> chips = supported_chips();
  for (const char* chip : {"GA100", "GH100", "GB100"}) {
    ASSERT_NE(std::find(chips.begin(), chips.end(), chip), chips.end()) << chip;
    EXPECT_NO_THROW(KernelMetricPlan{chip}) << chip;
  }
}

TEST(KernelMetrics, AnUnknownChipIsNamedInTheError) {
  try {
    KernelMetricPlan plan("XX999");
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("chip XX999"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace perfgate::count
