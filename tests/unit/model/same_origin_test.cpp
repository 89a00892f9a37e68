#include "perfgate/model/same_origin.hpp"

#include <gtest/gtest.h>

#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::results;

TEST(SameOrigin, OneSuiteOnOneDeviceIsOneOrigin) {
  for (const SlugCheck slugs : {SlugCheck::same_slug, SlugCheck::any_slug})
    EXPECT_FALSE(origin_mismatch(results("s", {}), results("s", {}), slugs));
}

TEST(SameOrigin, AnotherSuiteIsTheFirstDifference) {
  const auto mismatch = origin_mismatch(results("a", {}), results("b", {}, testing::test_gpu()), SlugCheck::any_slug);
  ASSERT_TRUE(mismatch);
  EXPECT_EQ(mismatch->part, OriginMismatch::Part::suite);
}

// What pool_runs once let through: one CPU name and slug, another machine size.
TEST(SameOrigin, ADeviceTheGateWouldNotCompareDiffersWhateverItsSlug) {
  Results bigger = results("s", {});
  bigger.fingerprint.logical_cpus = 16;
  for (const SlugCheck slugs : {SlugCheck::same_slug, SlugCheck::any_slug}) {
    const auto mismatch = origin_mismatch(results("s", {}), bigger, slugs);
    ASSERT_TRUE(mismatch);
    EXPECT_EQ(mismatch->part, OriginMismatch::Part::device);
    EXPECT_NE(mismatch->why.find("logical CPU count"), std::string::npos) << mismatch->why;
  }
}

// A reference built before CPU identity writes the older slug of the same
// machine: two builds still compare, two pooled rounds do not.
TEST(SameOrigin, AnotherSlugOfAComparableDeviceCountsOnlyWhenAsked) {
  Results older = results("s", {});
  older.fingerprint.slug = "cpu-test-cpu-9000-older";
  EXPECT_FALSE(origin_mismatch(results("s", {}), older, SlugCheck::any_slug));
  const auto mismatch = origin_mismatch(results("s", {}), older, SlugCheck::same_slug);
  ASSERT_TRUE(mismatch);
  EXPECT_EQ(mismatch->part, OriginMismatch::Part::device);
  EXPECT_EQ(mismatch->why, "");
}

}  // namespace
}  // namespace perfgate
