#include "perfgate/kernels/control_problem.hpp"

#include <cmath>
#include <stdexcept>

#include "perfgate/kernels/propagator.hpp"

namespace perfgate::kernels {
namespace {

// Each Hamiltonian its own stream: H0 the scaling workload's seed, H_k the
// seed plus 1 + k, so that H0 is the scaling workload's H.
std::uint64_t hamiltonian_seed(const ControlProblem& problem, int k) {
  return problem.seed + static_cast<std::uint64_t>(k + 1);
}

void add_scaled(ComplexMatrix& sum, const ComplexMatrix& term, Complex factor) {
  for (std::size_t i = 0; i < sum.values.size(); ++i) sum.values[i] += factor * term.values[i];
}

// [[a, e], [0, a]], each block d x d.
ComplexMatrix upper_block(const ComplexMatrix& a, const ComplexMatrix& e) {
  const int d = a.rows;
  ComplexMatrix m(2 * d, 2 * d);
  for (int c = 0; c < d; ++c)
    for (int r = 0; r < d; ++r) {
      m.at(r, c) = a.at(r, c);
      m.at(d + r, d + c) = a.at(r, c);
      m.at(r, d + c) = e.at(r, c);
    }
  return m;
}

ComplexMatrix block(const ComplexMatrix& m, int row, int col, int d) {
  ComplexMatrix b(d, d);
  for (int c = 0; c < d; ++c)
    for (int r = 0; r < d; ++r) b.at(r, c) = m.at(row + r, col + c);
  return b;
}

}  // namespace

std::vector<double> default_theta(int controls) {
  std::vector<double> theta;
  for (int k = 0; k < controls; ++k) theta.push_back(std::ldexp(1.0, -(k + 1)));
  return theta;
}

std::vector<double> amplitudes(const ControlProblem& problem) {
  if (problem.theta.empty()) return default_theta(problem.controls);
  if (static_cast<int>(problem.theta.size()) != problem.controls)
    throw std::invalid_argument("ControlProblem: theta holds " + std::to_string(problem.theta.size()) +
                                " amplitudes for " + std::to_string(problem.controls) + " controls");
  return problem.theta;
}

ComplexMatrix control_hamiltonian(const ControlProblem& problem, int k) {
  if (k < 0) return random_hermitian(problem.dimension, problem.seed);
  return random_hermitian(problem.dimension, hamiltonian_seed(problem, k));
}

StepOperators step_operators(const ControlProblem& problem, const std::vector<double>& theta) {
  const Complex minus_i_dt(0.0, -problem.dt);
  ComplexMatrix a(problem.dimension, problem.dimension);  // -i H(theta) dt
  add_scaled(a, control_hamiltonian(problem, -1), minus_i_dt);
  std::vector<ComplexMatrix> controls;
  for (int k = 0; k < problem.controls; ++k) {
    controls.push_back(control_hamiltonian(problem, k));
    add_scaled(a, controls.back(), minus_i_dt * theta.at(static_cast<std::size_t>(k)));
  }
  StepOperators step;
  step.v = matrix_exponential(a);
  for (const ComplexMatrix& h : controls) {
    ComplexMatrix e(problem.dimension, problem.dimension);
    add_scaled(e, h, minus_i_dt);
    step.derivatives.push_back(block(matrix_exponential(upper_block(a, e)), 0, problem.dimension, problem.dimension));
  }
  return step;
}

ScalingProblem state_source(const ControlProblem& problem) {
  ScalingProblem source;
  source.dimension = problem.dimension;
  source.steps = problem.steps;
  source.dt = problem.dt;
  source.seed = problem.seed;
  return source;
}

}  // namespace perfgate::kernels
