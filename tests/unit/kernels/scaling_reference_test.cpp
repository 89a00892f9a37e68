// The scaling workload's host parts: U = exp(-i H dt) is unitary and agrees
// with closed forms, the states are normalised and the same whichever shard
// holds them, and the float64 overlap adds up over shards.

#include <gtest/gtest.h>

#include <cmath>

#include "perfgate/kernels/propagator.hpp"
#include "perfgate/kernels/random_inputs.hpp"
#include "perfgate/kernels/scaling_problem.hpp"

namespace perfgate::kernels {
namespace {

ComplexMatrix pauli_x() {
  ComplexMatrix x(2, 2);
  x.at(0, 1) = x.at(1, 0) = 1.0;
  return x;
}

TEST(ScalingPropagator, IsUnitaryForRandomHermitianMatrices) {
  for (int n : {2, 16, 64}) {
    const std::uint64_t seed = fresh_seed();
    const ComplexMatrix u = propagator(random_hermitian(n, seed), 0.3);
    EXPECT_LT(max_abs_difference(multiply(adjoint(u), u), identity_matrix(n)), 1e-12) << "n " << n << " seed " << seed;
  }
}

TEST(ScalingPropagator, MatchesThePauliClosedForm) {
  // exp(-i theta X) = cos(theta) I - i sin(theta) X; theta 3 needs squarings.
  for (double theta : {0.1, 3.0}) {
    ComplexMatrix want(2, 2);
    want.at(0, 0) = want.at(1, 1) = std::cos(theta);
    want.at(0, 1) = want.at(1, 0) = Complex(0, -std::sin(theta));
    EXPECT_LT(max_abs_difference(propagator(pauli_x(), theta), want), 1e-14) << theta;
  }
}

TEST(ScalingPropagator, OfADiagonalMatrixIsThePhases) {
  ComplexMatrix h(3, 3);
  const double energies[] = {-2.0, 0.5, 7.0};
  for (int i = 0; i < 3; ++i) h.at(i, i) = energies[i];
  const ComplexMatrix u = propagator(h, 0.2);
  ComplexMatrix want(3, 3);
  for (int i = 0; i < 3; ++i) want.at(i, i) = std::exp(Complex(0, -energies[i] * 0.2));
  EXPECT_LT(max_abs_difference(u, want), 1e-13);
}

TEST(ScalingPropagator, TwoStepsAreOneStepOfTwiceTheTime) {
  const ComplexMatrix h = random_hermitian(8, fresh_seed());
  const ComplexMatrix u = propagator(h, 0.25);
  EXPECT_LT(max_abs_difference(multiply(u, u), propagator(h, 0.5)), 1e-12);
}

TEST(ScalingProblem, StatesAreUnitVectorsTheSameInEveryShard) {
  const ScalingProblem p{.dimension = 8, .steps = 3, .dt = 0.1, .seed = fresh_seed()};
  const ComplexMatrix all = state_columns(p, StateKind::initial, 0, 6);
  const ComplexMatrix shard = state_columns(p, StateKind::initial, 4, 2);
  for (int c = 0; c < 6; ++c) {
    double norm2 = 0;
    for (int j = 0; j < 8; ++j) norm2 += std::norm(all.at(j, c));
    EXPECT_NEAR(norm2, 1.0, 1e-14);
  }
  for (int c = 0; c < 2; ++c)
    for (int j = 0; j < 8; ++j) EXPECT_EQ(shard.at(j, c), all.at(j, 4 + c));
  EXPECT_GT(std::abs(all.at(0, 0) - state_columns(p, StateKind::target, 0, 1).at(0, 0)), 0.0);
}

TEST(ScalingProblem, OverlapAddsUpOverShardsAndIsBounded) {
  const ScalingProblem p{.dimension = 16, .steps = 4, .dt = 0.1, .seed = fresh_seed()};
  const ComplexMatrix u = scaling_propagator(p);
  const Complex whole = overlap_reference(p, u, 0, 8);
  const Complex sharded = overlap_reference(p, u, 0, 2) + overlap_reference(p, u, 2, 2) + overlap_reference(p, u, 4, 4);
  EXPECT_LT(std::abs(whole - sharded), 1e-12);
  EXPECT_LE(std::abs(whole), 8.0);
  EXPECT_GT(std::abs(whole), 0.0);
}

TEST(ScalingProblem, OverlapWithoutStepsIsTheInnerProductOfTheInputs) {
  const ScalingProblem p{.dimension = 4, .steps = 0, .dt = 0.1, .seed = 5};
  const ComplexMatrix psi = state_columns(p, StateKind::initial, 0, 3), target = state_columns(p, StateKind::target, 0, 3);
  Complex want = 0;
  for (std::size_t i = 0; i < psi.values.size(); ++i) want += std::conj(target.values[i]) * psi.values[i];
  EXPECT_LT(std::abs(overlap_reference(p, scaling_propagator(p), 0, 3) - want), 1e-15);
}

TEST(ScalingProblem, ShardCostCountsEightFlopPerComplexMultiplyAdd) {
  const ScalingProblem p{.dimension = 4, .steps = 2, .dt = 0.1, .seed = 1};
  const ShardCost c = shard_cost(p, 3);
  EXPECT_DOUBLE_EQ(c.flops, 2 * 8.0 * 4 * 4 * 3 + 8.0 * 4 * 3);
  EXPECT_DOUBLE_EQ(c.bytes_read, 2 * 16.0 * (16 + 12) + 2 * 16.0 * 12);
  EXPECT_DOUBLE_EQ(c.bytes_written, 2 * 16.0 * 12 + 16.0);
}

}  // namespace
}  // namespace perfgate::kernels
