#include "perfgate/baselines/baseline_store.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::results;
using testing::TempDir;

// CI unset for a test, as it was before.
class NotInCi {
 public:
  NotInCi() {
    if (const char* ci = std::getenv("CI")) saved_ = ci;
    ::unsetenv("CI");
  }
  ~NotInCi() {
    if (saved_) ::setenv("CI", saved_->c_str(), 1);
  }

 private:
  std::optional<std::string> saved_;
};

TEST(FolderBaselineStore, LaysOutSuitesAndCalibrationByDevice) {
  const FolderBaselineStore store("baselines");
  EXPECT_EQ(store.suite_file("gemm", "nvidia-h100-80gb-hbm3"),
            std::filesystem::path("baselines/nvidia-h100-80gb-hbm3/gemm.json"));
  EXPECT_EQ(store.location("gemm", "nvidia-h100-80gb-hbm3"), "baselines/nvidia-h100-80gb-hbm3/gemm.json");
  EXPECT_EQ(store.calibration_location("nvidia-h100-80gb-hbm3"), "baselines/nvidia-h100-80gb-hbm3/device.json");
  EXPECT_EQ(FolderBaselineStore::calibration_beside("elsewhere/gemm.json"),
            std::filesystem::path("elsewhere/device.json"));
}

TEST(FolderBaselineStore, NamesThatLeaveTheFolderAreInputErrorsNamingWhere) {
  const FolderBaselineStore store("baselines", "--perfgate_baseline_dir");
  try {
    store.suite_file("gemm", "../other");
    FAIL() << "a slug with a path in it was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--perfgate_baseline_dir: device slug", 0), 0u) << e.what();
  }
  EXPECT_THROW(store.suite_file("../gemm", "cpu-x"), InputError);
  EXPECT_THROW(store.calibration_file(""), InputError);
  EXPECT_THROW(FolderBaselineStore("b").load("gemm", "A/B"), InputError);
}

TEST(FolderBaselineStore, LoadsWhatIsThereAndSaysWhenNothingIs) {
  const TempDir dir;
  const FolderBaselineStore store(dir.path());
  const Results r = results("gemm", {benchmark("x", {1, 2, 3})});
  EXPECT_FALSE(store.load("gemm", r.fingerprint.slug));
  save_results(r, store.suite_file("gemm", r.fingerprint.slug));
  const auto loaded = store.load("gemm", r.fingerprint.slug);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->find("x")->samples, (std::vector<double>{1, 2, 3}));
  EXPECT_FALSE(store.load_calibration(r.fingerprint.slug));
}

TEST(FolderBaselineStore, DevicesWithASuiteAreSortedSlugFolders) {
  const TempDir dir;
  const FolderBaselineStore store(dir.path());
  EXPECT_TRUE(FolderBaselineStore(dir / "missing").devices_with("gemm").empty());
  const Results r = results("gemm", {benchmark("x", {1, 2, 3})});
  for (const char* slug : {"zz-gpu", "aa-gpu", "Not_A_Slug"}) save_results(r, dir / slug / "gemm.json");
  save_results(r, dir / "mm-gpu" / "other.json");
  EXPECT_EQ(store.devices_with("gemm"), (std::vector<std::string>{"aa-gpu", "zz-gpu"}));
}

// Issue 40: a CPU's baselines move to a slug that says which CPU it is; one
// written before, under "cpu-<name>", is still this device's until one is
// recorded under the new slug.
TEST(FolderBaselineStore, ACpuFindsItsBaselineUnderTheSlugItHadBefore) {
  const TempDir dir;
  const FolderBaselineStore store(dir.path());
  Fingerprint cpu = testing::test_cpu("AMD EPYC");
  cpu.logical_cpus = 2;
  cpu.cpu = {"AuthenticAMD", 25, 17, 1, 32u << 20, "kvm"};
  cpu.slug = cpu_slug(cpu);
  EXPECT_EQ(baseline_slugs(cpu), (std::vector<std::string>{"cpu-amd-epyc-fam25-mod17-2cpu-kvm", "cpu-amd-epyc"}));
  EXPECT_EQ(baseline_slug(store, "host", cpu), cpu.slug) << "none anywhere: its own";
  save_results(results("host", {benchmark("x", {1, 2, 3})}), dir / "cpu-amd-epyc" / "host.json");
  EXPECT_EQ(baseline_slug(store, "host", cpu), "cpu-amd-epyc");
  save_results(results("host", {benchmark("x", {1, 2, 3})}), dir / cpu.slug / "host.json");
  EXPECT_EQ(baseline_slug(store, "host", cpu), cpu.slug) << "its own wins once recorded";
  EXPECT_EQ(baseline_slugs(testing::test_gpu()), (std::vector<std::string>{testing::test_gpu().slug}));
}

TEST(FolderBaselineStore, WritePoolsRoundsReviewsAndReplaces) {
  const NotInCi not_in_ci;
  const TempDir dir;
  FolderBaselineStore store(dir.path());
  const Results a = results("gemm", {benchmark("x", {1, 2, 3})});
  const Results b = results("gemm", {benchmark("x", {4, 5})});
  int reviews = 0;
  const auto review = [&](const std::optional<Results>& old, const Results& measured, const std::string& where) {
    ++reviews;
    EXPECT_FALSE(old);
    EXPECT_EQ(measured.find("x")->samples.size(), 5u);
    EXPECT_EQ(where, store.location("gemm", a.fingerprint.slug));
  };
  BaselineWrite how;
  how.dry_run = true;
  EXPECT_EQ(store.write({a, b}, how, review), store.location("gemm", a.fingerprint.slug));
  EXPECT_FALSE(store.load("gemm", a.fingerprint.slug)) << "a dry run writes nothing";
  how.dry_run = false;
  store.write({a, b}, how, review);
  EXPECT_EQ(reviews, 2);
  const auto written = store.load("gemm", a.fingerprint.slug);
  ASSERT_TRUE(written);
  EXPECT_EQ(written->find("x")->rounds, (std::vector<std::size_t>{3, 2}));
}

TEST(FolderBaselineStore, WriteRefusesUnreadableOldBaselineUnlessForced) {
  const NotInCi not_in_ci;
  const TempDir dir;
  FolderBaselineStore store(dir.path());
  const Results a = results("gemm", {benchmark("x", {1, 2, 3})});
  testing::write_text(store.suite_file("gemm", a.fingerprint.slug), "not json");
  EXPECT_THROW(store.write({a}, {}, {}), InputError);
  BaselineWrite how;
  how.force = true;
  store.write({a}, how, {});
  EXPECT_TRUE(store.load("gemm", a.fingerprint.slug));
}

TEST(FolderBaselineStore, WriteIsRefusedInCiUnlessForced) {
  const NotInCi not_in_ci;
  ::setenv("CI", "true", 1);
  const TempDir dir;
  FolderBaselineStore store(dir.path());
  const Results a = results("gemm", {benchmark("x", {1, 2, 3})});
  EXPECT_THROW(refuse_baseline_write_in_ci(false), InputError);
  EXPECT_THROW(store.write({a}, {}, {}), InputError);
  EXPECT_FALSE(store.load("gemm", a.fingerprint.slug));
  BaselineWrite how;
  how.force = true;
  store.write({a}, how, {});
  EXPECT_TRUE(store.load("gemm", a.fingerprint.slug));
  ::unsetenv("CI");
}

}  // namespace
}  // namespace perfgate
