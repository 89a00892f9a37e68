#include "perfgate/kernels/gradient_reference.hpp"

namespace perfgate::kernels {
namespace {

struct Forward {
  ComplexMatrix psi;                 // psi_T
  std::vector<ComplexMatrix> tape;   // psi_0 .. psi_{T-1}, when kept
  std::vector<Complex> overlaps;     // o_j
  double loss = 0.0;
};

Forward forward(const ControlProblem& problem, const ComplexMatrix& v, long long first, int count, bool keep_tape) {
  Forward f;
  f.psi = state_columns(state_source(problem), StateKind::initial, first, count);
  for (int t = 0; t < problem.steps; ++t) {
    if (keep_tape) f.tape.push_back(f.psi);
    f.psi = multiply(v, f.psi);
  }
  const ComplexMatrix target = state_columns(state_source(problem), StateKind::target, first, count);
  for (int j = 0; j < count; ++j) {
    Complex o = 0.0;
    for (int r = 0; r < problem.dimension; ++r) o += std::conj(target.at(r, j)) * f.psi.at(r, j);
    f.overlaps.push_back(o);
    f.loss += std::norm(o);
  }
  return f;
}

// mu_T: each target column times its overlap.
ComplexMatrix weighted_targets(const ControlProblem& problem, const Forward& f, long long first, int count) {
  ComplexMatrix mu = state_columns(state_source(problem), StateKind::target, first, count);
  for (int j = 0; j < count; ++j)
    for (int r = 0; r < problem.dimension; ++r) mu.at(r, j) *= f.overlaps[static_cast<std::size_t>(j)];
  return mu;
}

// 2 Re sum over every entry of conj(mu) (D psi).
double twice_real_inner(const ComplexMatrix& mu, const ComplexMatrix& d_psi) {
  Complex sum = 0.0;
  for (std::size_t i = 0; i < mu.values.size(); ++i) sum += std::conj(mu.values[i]) * d_psi.values[i];
  return 2.0 * sum.real();
}

}  // namespace

const char* to_string(GradientMethod method) { return method == GradientMethod::adjoint ? "adjoint" : "tape"; }

double loss_reference(const ControlProblem& problem, const std::vector<double>& theta, long long first, int count) {
  return forward(problem, step_operators(problem, theta).v, first, count, false).loss;
}

GradientResult gradient_reference(const ControlProblem& problem, GradientMethod method, long long first, int count) {
  const StepOperators step = step_operators(problem, amplitudes(problem));
  const ComplexMatrix v_adjoint = adjoint(step.v);
  const bool tape = method == GradientMethod::tape;
  Forward f = forward(problem, step.v, first, count, tape);
  GradientResult result;
  result.loss = f.loss;
  result.gradient.assign(static_cast<std::size_t>(problem.controls), 0.0);
  result.state_blocks = tape ? f.tape.size() + 2 : 2;  // the tape (psi_0 .. psi_{T-1}), psi_T and mu
  ComplexMatrix mu = weighted_targets(problem, f, first, count);
  ComplexMatrix psi = std::move(f.psi);
  for (int t = problem.steps; t >= 1; --t) {
    // psi_{t-1}: read from the tape, or re-derived by the inverse step.
    psi = tape ? std::move(f.tape[static_cast<std::size_t>(t - 1)]) : multiply(v_adjoint, psi);
    for (int k = 0; k < problem.controls; ++k)
      result.gradient[static_cast<std::size_t>(k)] += twice_real_inner(mu, multiply(step.derivatives[static_cast<std::size_t>(k)], psi));
    mu = multiply(v_adjoint, mu);
  }
  return result;
}

std::vector<double> finite_difference_gradient(const ControlProblem& problem, long long first, int count, double h) {
  const std::vector<double> theta = amplitudes(problem);
  std::vector<double> gradient;
  for (std::size_t k = 0; k < theta.size(); ++k) {
    std::vector<double> up = theta, down = theta;
    up[k] += h;
    down[k] -= h;
    gradient.push_back((loss_reference(problem, up, first, count) - loss_reference(problem, down, first, count)) / (2.0 * h));
  }
  return gradient;
}

}  // namespace perfgate::kernels
