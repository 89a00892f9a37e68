#include "main/run_baselines.hpp"

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <utility>

#include "perfgate/formats/results_io.hpp"
#include "perfgate/platform/errors.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::results;

// A store that keeps no files on this machine: its locations are names, so
// a run that opened one as a path would find nothing there.
class TableStore final : public BaselineStore {
 public:
  std::map<std::pair<std::string, std::string>, Results> rows;  // (suite, slug)
  std::map<std::string, DeviceCalibration> calibrations;          // slug

  std::string location(const std::string& suite, const std::string& slug) const override {
    return "table baselines, row " + suite + " of " + slug;
  }
  std::optional<Results> load(const std::string& suite, const std::string& slug) const override {
    const auto row = rows.find({suite, slug});
    if (row == rows.end()) return std::nullopt;
    return row->second;
  }
  std::vector<std::string> devices_with(const std::string& suite) const override {
    std::vector<std::string> slugs;
    for (const auto& [key, baseline] : rows)
      if (key.first == suite) slugs.push_back(key.second);
    return slugs;
  }
  std::string calibration_location(const std::string& slug) const override { return "table calibrations, row " + slug; }
  std::optional<DeviceCalibration> load_calibration(const std::string& slug) const override {
    const auto row = calibrations.find(slug);
    if (row == calibrations.end()) return std::nullopt;
    return row->second;
  }
  std::string save_calibration(const DeviceCalibration&) override { throw std::logic_error("not written here"); }
  std::string write(const std::vector<Results>&, const BaselineWrite&, const BaselineReview&) override {
    throw std::logic_error("not written here");
  }
};

TEST(RunBaselines, ThisDevicesBaselineIsReadThroughTheStoreNeverItsLocation) {
  auto store = std::make_unique<TableStore>();
  const Results baseline = results("host", {benchmark("x", {1, 2, 3})});
  store->rows[{"host", baseline.fingerprint.slug}] = baseline;
  const RunBaselines baselines(std::move(store), {});
  const std::string slug = baselines.slug_of("host", baseline.fingerprint);
  EXPECT_EQ(slug, baseline.fingerprint.slug);
  const FoundBaseline found = baselines.this_device("host", slug);
  ASSERT_TRUE(found.results) << "the store has it; its location is no file";
  EXPECT_EQ(found.results->find("x")->samples, (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(found.location, "table baselines, row host of " + slug);
}

TEST(RunBaselines, AnotherDevicesBaselineIsReadThroughTheStoreToo) {
  auto store = std::make_unique<TableStore>();
  const Results other = results("host", {benchmark("x", {4, 5, 6})}, testing::test_gpu());
  store->rows[{"host", other.fingerprint.slug}] = other;
  const RunBaselines baselines(std::move(store), {});
  const Fingerprint here = testing::test_cpu();
  EXPECT_FALSE(baselines.this_device("host", baselines.slug_of("host", here)).results);
  const FoundBaseline found = baselines.other_device("host");
  ASSERT_TRUE(found.results);
  EXPECT_EQ(found.results->fingerprint.slug, other.fingerprint.slug);
  EXPECT_EQ(found.location, "table baselines, row host of " + other.fingerprint.slug);
}

TEST(RunBaselines, TheCalibrationIsTheStoresAndAStoreWithoutFilesHasNoneToKeepApart) {
  auto store = std::make_unique<TableStore>();
  const Fingerprint gpu = testing::test_gpu();
  DeviceCalibration calibration;
  calibration.fingerprint = gpu;
  store->calibrations[gpu.slug] = calibration;
  const RunBaselines baselines(std::move(store), {});
  ASSERT_TRUE(baselines.calibration(gpu.slug));
  EXPECT_EQ(baselines.calibration(gpu.slug)->fingerprint.slug, gpu.slug);
  EXPECT_EQ(baselines.calibration_location(gpu.slug), "table calibrations, row " + gpu.slug);
  for (const NamedPath& input : baselines.inputs("host", gpu.slug, gpu.slug))
    EXPECT_TRUE(input.path.empty()) << input.role << ": " << input.path;
}

TEST(RunBaselines, AFolderStoresInputsAreItsFiles) {
  const testing::TempDir dir;
  MainOptions options;
  options.baseline_dir = dir.path();
  const RunBaselines baselines(options);
  const std::vector<NamedPath> inputs = baselines.inputs("host", "cpu-x", "nvidia-h100");
  ASSERT_EQ(inputs.size(), 2u);
  EXPECT_EQ(inputs[0].path, dir / "cpu-x" / "host.json");
  EXPECT_EQ(inputs[1].path, dir / "nvidia-h100" / "device.json");
  EXPECT_EQ(baselines.calibration_location("nvidia-h100"), (dir / "nvidia-h100" / "device.json").string());
  ASSERT_NE(baselines.store(), nullptr);
}

TEST(RunBaselines, AFileGivenByNameMustBeThereAndHasItsCalibrationBeside) {
  const testing::TempDir dir;
  MainOptions options;
  options.baseline = dir / "host.json";
  const RunBaselines baselines(options);
  const Fingerprint here = testing::test_cpu();
  EXPECT_EQ(baselines.slug_of("host", here), here.slug);
  EXPECT_THROW(baselines.this_device("host", here.slug), InputError);
  save_results(results("host", {benchmark("x", {1, 2, 3})}), options.baseline);
  const FoundBaseline found = baselines.this_device("host", here.slug);
  ASSERT_TRUE(found.results);
  EXPECT_EQ(found.location, options.baseline.string());
  EXPECT_FALSE(baselines.other_device("host").results) << "a file given by name has no other devices";
  EXPECT_FALSE(baselines.calibration(here.slug));
  EXPECT_EQ(baselines.calibration_location(here.slug), (dir / "device.json").string());
  EXPECT_EQ(baselines.store(), nullptr);
}

TEST(RunBaselines, WithoutAFlagSayingWhereThereIsNoBaselineToGateAgainst) {
  const RunBaselines baselines(MainOptions{});
  EXPECT_THROW(baselines.slug_of("host", testing::test_cpu()), InputError);
  EXPECT_FALSE(baselines.calibration("cpu-x"));
  EXPECT_EQ(baselines.calibration_location("cpu-x"), "");
}

}  // namespace
}  // namespace perfgate
