// Matrix-chain plans: the optimal order's cost against the textbook
// example, and both plans, executed step by step, give the product.

#include <gtest/gtest.h>

#include <vector>

#include "perfgate/kernels/gemm_chain.hpp"
#include "perfgate/kernels/norm_error.hpp"
#include "perfgate/kernels/random_inputs.hpp"

namespace perfgate::kernels {
namespace {

// Runs a plan in float64 on the CPU, operand numbering as documented.
std::vector<double> execute(const ChainPlan& plan, const std::vector<std::vector<float>>& inputs) {
  std::vector<std::vector<double>> operands;
  for (const auto& m : inputs) operands.emplace_back(m.begin(), m.end());
  for (const ChainStep& step : plan.steps) {
    const auto& a = operands.at(step.left);
    const auto& b = operands.at(step.right);
    EXPECT_EQ(a.size(), std::size_t(step.shape.m) * step.shape.k);
    EXPECT_EQ(b.size(), std::size_t(step.shape.k) * step.shape.n);
    std::vector<double> c(std::size_t(step.shape.m) * step.shape.n, 0.0);
    for (int i = 0; i < step.shape.m; ++i)
      for (int p = 0; p < step.shape.k; ++p)
        for (int j = 0; j < step.shape.n; ++j)
          c[std::size_t(i) * step.shape.n + j] += a[std::size_t(i) * step.shape.k + p] * b[std::size_t(p) * step.shape.n + j];
    operands.push_back(std::move(c));
  }
  return operands.back();
}

std::vector<std::vector<float>> random_chain(const std::vector<int>& dims, std::uint64_t seed) {
  std::vector<std::vector<float>> matrices;
  for (std::size_t i = 0; i + 1 < dims.size(); ++i)
    matrices.push_back(random_floats(std::size_t(dims[i]) * dims[i + 1], seed + i));
  return matrices;
}

TEST(GemmChain, OptimalOrderOfTheTextbookChain) {
  // CLRS 15.2: 15,125 scalar multiplications at best, i.e. 30,250 FLOP.
  const std::vector<int> dims = {30, 35, 15, 5, 10, 20, 25};
  EXPECT_DOUBLE_EQ(optimal_plan(dims).flops(), 2.0 * 15125);
  EXPECT_GT(left_to_right_plan(dims).flops(), optimal_plan(dims).flops());
}

TEST(GemmChain, TheSuitesChainSavesTwoThirdsOfTheWork) {
  const std::vector<int> dims = {4096, 256, 4096, 256, 4096};
  EXPECT_DOUBLE_EQ(left_to_right_plan(dims).flops(), 3 * 2.0 * 4096 * 4096 * 256);
  EXPECT_DOUBLE_EQ(optimal_plan(dims).flops(), 2.0 * (256.0 * 4096 * 256 + 256.0 * 256 * 4096 + 4096.0 * 256 * 4096));
}

TEST(GemmChain, BothPlansComputeTheProduct) {
  const std::uint64_t seed = fresh_seed();
  for (const std::vector<int>& dims : {std::vector<int>{7, 3, 9, 2, 11}, std::vector<int>{30, 35, 15, 5, 10, 20, 25}}) {
    const auto matrices = random_chain(dims, seed);
    const std::vector<double> want = cpu_chain_product_reference(matrices, dims);
    for (const ChainPlan& plan : {left_to_right_plan(dims), optimal_plan(dims)}) {
      ASSERT_EQ(plan.steps.size(), dims.size() - 2);
      const std::vector<double> got = execute(plan, matrices);
      ASSERT_EQ(got.size(), want.size());
      const std::vector<float> got_float(got.begin(), got.end());
      EXPECT_LT(relative_norm_error(got_float, want), 1e-6) << "seed " << seed;
    }
  }
}

TEST(GemmChain, RejectsChainsOfFewerThanTwoMatrices) {
  EXPECT_THROW(optimal_plan(std::vector<int>{4, 4}), std::invalid_argument);
  EXPECT_THROW(left_to_right_plan(std::vector<int>{4, 0, 4}), std::invalid_argument);
}

}  // namespace
}  // namespace perfgate::kernels
