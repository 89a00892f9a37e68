// The host suite's CPU kernels against their float64 references, on fresh
// random inputs (fp32 tolerance 1e-5 relative norm error).

#include <gtest/gtest.h>

#include "perfgate/kernels/cpu_elementwise_chain.hpp"
#include "perfgate/kernels/cpu_gemm.hpp"
#include "perfgate/kernels/norm_error.hpp"
#include "perfgate/kernels/random_inputs.hpp"

namespace perfgate::kernels {
namespace {

TEST(CpuGemm, NaiveAndBlockedMatchTheFloat64Reference) {
  const std::uint64_t seed = fresh_seed();
  for (const GemmShape shape : {GemmShape{64, 64, 64}, GemmShape{100, 37, 129}, GemmShape{65, 130, 7}}) {
    const auto a = random_floats(static_cast<std::size_t>(shape.m) * shape.k, seed);
    const auto b = random_floats(static_cast<std::size_t>(shape.k) * shape.n, seed + 1);
    const auto want = cpu_gemm_reference(a, b, shape);
    std::vector<float> naive(want.size()), blocked(want.size(), -7.0f);
    cpu_gemm_naive(a, b, naive, shape);
    cpu_gemm_blocked(a, b, blocked, shape);
    EXPECT_LT(relative_norm_error(naive, want), 1e-5) << "seed " << seed;
    EXPECT_LT(relative_norm_error(blocked, want), 1e-5) << "seed " << seed;
  }
}

TEST(CpuElementwiseChain, FusedAndUnfusedMatchTheFloat64Reference) {
  const std::uint64_t seed = fresh_seed();
  const auto x = random_floats(10007, seed, -3.0f, 3.0f);
  const auto r = random_floats(10007, seed + 1);
  const ChainScalars k;
  const auto want = cpu_chain_reference(x, r, k);
  std::vector<float> fused(x.size()), unfused(x.size()), scratch(x.size());
  cpu_chain_fused(x, r, fused, k);
  cpu_chain_unfused(x, r, unfused, scratch, k);
  EXPECT_LT(relative_norm_error(fused, want), 1e-5) << "seed " << seed;
  EXPECT_LT(relative_norm_error(unfused, want), 1e-5) << "seed " << seed;
}

TEST(RelativeNormError, DetectsAWrongResult) {
  const std::vector<float> got = {1.0f, 2.0f, 3.0f};
  EXPECT_GT(relative_norm_error(got, std::vector<double>{1.0, 2.0, 4.0}), 0.1);
  EXPECT_EQ(relative_norm_error(got, std::vector<double>{1.0, 2.0, 3.0}), 0.0);
  EXPECT_TRUE(std::isinf(relative_norm_error(got, std::vector<double>{0.0, 0.0, 0.0})));
}

}  // namespace
}  // namespace perfgate::kernels
