#pragma once
// SuperGrad's gradient workload (issue 29): the states of the scaling
// workload evolved by a controlled Hamiltonian
//   H(theta) = H0 + sum_k theta_k H_k,   k = 0 .. K-1,
// through T steps of V(theta) = exp(-i H(theta) dt), and the fidelity-type
// loss
//   L(theta) = sum over states j of |<target_j| V^T |psi_j>|^2,
// whose gradient dL/dtheta_k the adjoint method (LCAM's shape) and the
// stored tape (TAD's shape) compute (gradient_reference.hpp).  H0 and each
// H_k are random Hermitian matrices of their own seed; states and targets
// are the scaling workload's (state_columns), so every sharding of a batch
// holds the same states.

#include <cstdint>
#include <vector>

#include "perfgate/kernels/complex_matrix.hpp"
#include "perfgate/kernels/scaling_problem.hpp"

namespace perfgate::kernels {

struct ControlProblem {
  int dimension = 64;    // d
  int controls = 4;      // K
  int steps = 50;        // T
  double dt = 0.05;      // ||H dt|| stays O(1) a step, as in the scaling workload
  std::uint64_t seed = 1;
  std::vector<double> theta;  // K control amplitudes; empty: default_theta()
};

// 0.5, 0.25, ... : K amplitudes of decreasing size, none zero.
std::vector<double> default_theta(int controls);

// The problem's amplitudes (its theta, or default_theta when empty).
std::vector<double> amplitudes(const ControlProblem& problem);

// H0 (k = -1) or H_k (k = 0 .. K-1), a random Hermitian d x d matrix.
ComplexMatrix control_hamiltonian(const ControlProblem& problem, int k);

// A step and its derivatives at `theta`: v = exp(-i H(theta) dt) and, for
// each control k, d v / d theta_k, the Frechet derivative of exp at
// -i H dt in the direction -i H_k dt: the upper-right block of
// exp([[A, E], [0, A]]) (Van Loan), exact to the exponential's precision.
struct StepOperators {
  ComplexMatrix v;
  std::vector<ComplexMatrix> derivatives;
};
StepOperators step_operators(const ControlProblem& problem, const std::vector<double>& theta);

// The scaling workload's states of this dimension and seed (scaling_problem.hpp).
ScalingProblem state_source(const ControlProblem& problem);

}  // namespace perfgate::kernels
