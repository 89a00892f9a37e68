// The gradient workload's float64 reference (issue 29): both of SuperGrad's
// methods give one gradient, and it is the loss's derivative.

#include "perfgate/kernels/gradient_reference.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "perfgate/kernels/gradient_cost.hpp"
#include "perfgate/kernels/propagator.hpp"

namespace perfgate::kernels {
namespace {

ControlProblem small_problem() {
  ControlProblem p;
  p.dimension = 12;
  p.controls = 3;
  p.steps = 16;
  p.seed = 7;
  return p;
}

double max_abs(const std::vector<double>& a, const std::vector<double>& b) {
  double m = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(a[i] - b[i]));
  return m;
}

TEST(GradientReference, TheStepIsUnitaryAndItsDerivativeIsTheLimitOfItsDifferences) {
  const ControlProblem p = small_problem();
  const std::vector<double> theta = amplitudes(p);
  const StepOperators step = step_operators(p, theta);
  EXPECT_LT(max_abs_difference(multiply(adjoint(step.v), step.v), identity_matrix(p.dimension)), 1e-13);
  ASSERT_EQ(step.derivatives.size(), 3u);
  const double h = 1e-6;
  for (int k = 0; k < p.controls; ++k) {
    std::vector<double> up = theta, down = theta;
    up[static_cast<std::size_t>(k)] += h;
    down[static_cast<std::size_t>(k)] -= h;
    ComplexMatrix difference = step_operators(p, up).v;
    const ComplexMatrix lower = step_operators(p, down).v;
    for (std::size_t i = 0; i < difference.values.size(); ++i)
      difference.values[i] = (difference.values[i] - lower.values[i]) / (2.0 * h);
    EXPECT_LT(max_abs_difference(difference, step.derivatives[static_cast<std::size_t>(k)]), 1e-8) << "control " << k;
  }
}

TEST(GradientReference, AdjointAndTapeGiveOneGradientWithTheirOwnMemory) {
  const ControlProblem p = small_problem();
  const GradientResult adjoint_result = gradient_reference(p, GradientMethod::adjoint, 0, 5);
  const GradientResult tape_result = gradient_reference(p, GradientMethod::tape, 0, 5);
  EXPECT_NEAR(adjoint_result.loss, tape_result.loss, 1e-14);
  ASSERT_EQ(adjoint_result.gradient.size(), 3u);
  EXPECT_LT(max_abs(adjoint_result.gradient, tape_result.gradient), 1e-12);
  EXPECT_EQ(adjoint_result.state_blocks, 2u) << "O(1) in T";
  EXPECT_EQ(tape_result.state_blocks, static_cast<std::size_t>(p.steps) + 2) << "O(T)";
  // The loss is a sum of 5 squared overlaps of unit vectors.
  EXPECT_GT(adjoint_result.loss, 0.0);
  EXPECT_LE(adjoint_result.loss, 5.0);
}

TEST(GradientReference, TheGradientIsTheLossesCentralFiniteDifference) {
  const ControlProblem p = small_problem();
  const GradientResult g = gradient_reference(p, GradientMethod::adjoint, 3, 4);
  const std::vector<double> fd = finite_difference_gradient(p, 3, 4, 1e-5);
  double scale = 0.0;
  for (double v : g.gradient) scale = std::max(scale, std::fabs(v));
  ASSERT_GT(scale, 1e-3) << "a gradient of zero would agree with anything";
  EXPECT_LT(max_abs(g.gradient, fd), 1e-7 * std::max(scale, 1.0));
  EXPECT_NEAR(g.loss, loss_reference(p, amplitudes(p), 3, 4), 1e-14);
}

TEST(GradientReference, EveryShardingOfABatchSumsToTheWholeBatch) {
  const ControlProblem p = small_problem();
  const GradientResult whole = gradient_reference(p, GradientMethod::tape, 0, 6);
  const GradientResult a = gradient_reference(p, GradientMethod::tape, 0, 2);
  const GradientResult b = gradient_reference(p, GradientMethod::adjoint, 2, 4);
  EXPECT_NEAR(whole.loss, a.loss + b.loss, 1e-13);
  for (std::size_t k = 0; k < whole.gradient.size(); ++k)
    EXPECT_NEAR(whole.gradient[k], a.gradient[k] + b.gradient[k], 1e-12) << "the all-reduce's sum";
}

TEST(GradientReference, AmplitudesMustMatchTheControls) {
  ControlProblem p = small_problem();
  EXPECT_EQ(amplitudes(p), (std::vector<double>{0.5, 0.25, 0.125}));
  p.theta = {1.0};
  EXPECT_THROW(amplitudes(p), std::invalid_argument);
}

}  // namespace
}  // namespace perfgate::kernels

namespace perfgate::kernels {
namespace {

TEST(GradientCost, TheTapeNeedsMemoryInStepsTheAdjointAGemmMoreAStep) {
  ControlProblem p;
  p.dimension = 64;
  p.controls = 4;
  p.steps = 100;
  const int states = 1000;
  const double block = 16.0 * 64 * states;  // one d x S complex128 block
  const double extra = static_cast<double>(gradient_device_bytes(p, GradientMethod::tape, states)) -
                       static_cast<double>(gradient_device_bytes(p, GradientMethod::adjoint, states));
  EXPECT_DOUBLE_EQ(extra, (p.steps + 1 - 2) * block) << "T + 1 psi blocks against two";
  p.steps = 200;
  const double doubled = static_cast<double>(gradient_device_bytes(p, GradientMethod::tape, states)) -
                         static_cast<double>(gradient_device_bytes(p, GradientMethod::adjoint, states));
  EXPECT_DOUBLE_EQ(doubled, (p.steps + 1 - 2) * block);
  const GradientCost adjoint = gradient_cost(p, GradientMethod::adjoint, states);
  const GradientCost tape = gradient_cost(p, GradientMethod::tape, states);
  EXPECT_DOUBLE_EQ(adjoint.flops - tape.flops, p.steps * 8.0 * 64 * 64 * states) << "one inverse step a step";
}

}  // namespace
}  // namespace perfgate::kernels
