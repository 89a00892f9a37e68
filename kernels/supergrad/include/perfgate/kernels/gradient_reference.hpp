#pragma once
// The float64 host reference of the gradient workload's loss and gradient
// (control_problem.hpp), by both of SuperGrad's methods, on states
// first .. first + count - 1:
//   forward   psi_t = V psi_{t-1}, t = 1 .. T;  o_j = <target_j|psi_T,j>;
//             L = sum_j |o_j|^2
//   backward  mu_T = o (.) target (each target column times its overlap),
//             mu_{t-1} = V^H mu_t, and for t = T .. 1
//             dL/dtheta_k += 2 Re sum_j <mu_t,j| D_k psi_{t-1},j>
// (d o_j / d theta_k = sum_t <target_j| V^{T-t} D_k psi_{t-1}>, and
// conj(o_j) <target_j| V^{T-t} = <mu_t,j|).  They differ only in where
// psi_{t-1} comes from:
//   adjoint (LCAM)   re-derived backwards by the inverse step psi_{t-1} =
//                    V^H psi_t (V is unitary): two state blocks held,
//                    whatever T;
//   tape (TAD)       stored on the way forward: T + 2 state blocks (every
//                    psi_t and mu).
// The GPU gradients are checked against these, and these against a central
// finite difference of L.

#include <cstddef>
#include <vector>

#include "perfgate/kernels/control_problem.hpp"

namespace perfgate::kernels {

enum class GradientMethod { adjoint, tape };
const char* to_string(GradientMethod method);

struct GradientResult {
  double loss = 0.0;
  std::vector<double> gradient;  // dL / dtheta_k, k = 0 .. K-1
  // The most d x count state blocks held at once (psi, mu and, for the
  // tape, every stored step): the memory the method needs, in blocks.
  std::size_t state_blocks = 0;
};

// L at `theta` on states first .. first + count - 1.
double loss_reference(const ControlProblem& problem, const std::vector<double>& theta, long long first, int count);

GradientResult gradient_reference(const ControlProblem& problem, GradientMethod method, long long first, int count);

// (L(theta + h e_k) - L(theta - h e_k)) / 2h for every k.
std::vector<double> finite_difference_gradient(const ControlProblem& problem, long long first, int count, double h);

}  // namespace perfgate::kernels
