#include "roofline/tensor_core_alignment.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

TEST(TensorCoreAlignment, MultiplesOf16ScoreOne) {
  EXPECT_EQ(tensor_core_alignment({4096, 4096, 4096}), 1.0);
  EXPECT_EQ(tensor_core_alignment({16, 32, 8192}), 1.0);
}

TEST(TensorCoreAlignment, MultiplesOf8ButNot16ScorePointSeven) {
  EXPECT_EQ(tensor_core_alignment({4100 - 4, 4104, 4096}), 0.7);  // 4104 = 8 x 513
  EXPECT_EQ(tensor_core_alignment({24, 16, 16}), 0.7);
}

TEST(TensorCoreAlignment, AnyOtherDimensionScoresZero) {
  EXPECT_EQ(tensor_core_alignment({4095, 4096, 4096}), 0.0);
  EXPECT_EQ(tensor_core_alignment({4100, 4096, 4096}), 0.0);  // 4100 = 4 x 1025
  EXPECT_EQ(tensor_core_alignment({}), 0.0);
  EXPECT_EQ(tensor_core_alignment({0, 16, 16}), 0.0);
  EXPECT_EQ(tensor_core_alignment({-16, 16, 16}), 0.0);
}

}  // namespace
}  // namespace perfgate
