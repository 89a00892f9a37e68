#include "perfgate/kernels/scaling_problem.hpp"

#include <cmath>

#include "perfgate/kernels/propagator.hpp"

namespace perfgate::kernels {
namespace {

constexpr double kComplexBytes = 16.0;  // complex128

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Uniform in [-1, 1) from a hash of (seed, kind, state, entry, part).
double hashed_uniform(const ScalingProblem& p, StateKind kind, long long state, int entry, int part) {
  std::uint64_t h = splitmix64(p.seed ^ (kind == StateKind::target ? 0x5bd1e995ULL : 0));
  h = splitmix64(h ^ static_cast<std::uint64_t>(state));
  h = splitmix64(h ^ (static_cast<std::uint64_t>(entry) * 2 + static_cast<std::uint64_t>(part)));
  return static_cast<double>(h >> 11) * 0x1.0p-52 - 1.0;
}

}  // namespace

ComplexMatrix scaling_propagator(const ScalingProblem& problem) {
  return propagator(random_hermitian(problem.dimension, problem.seed), problem.dt);
}

ComplexMatrix state_columns(const ScalingProblem& problem, StateKind kind, long long first, int count) {
  ComplexMatrix states(problem.dimension, count);
  for (int c = 0; c < count; ++c) {
    double norm2 = 0.0;
    for (int j = 0; j < problem.dimension; ++j) {
      const Complex v(hashed_uniform(problem, kind, first + c, j, 0), hashed_uniform(problem, kind, first + c, j, 1));
      states.at(j, c) = v;
      norm2 += std::norm(v);
    }
    for (int j = 0; j < problem.dimension; ++j) states.at(j, c) /= std::sqrt(norm2);
  }
  return states;
}

Complex overlap_reference(const ScalingProblem& problem, const ComplexMatrix& u, long long first, int count) {
  ComplexMatrix psi = state_columns(problem, StateKind::initial, first, count);
  for (int s = 0; s < problem.steps; ++s) psi = multiply(u, psi);
  const ComplexMatrix target = state_columns(problem, StateKind::target, first, count);
  Complex sum = 0.0;
  for (std::size_t i = 0; i < psi.values.size(); ++i) sum += std::conj(target.values[i]) * psi.values[i];
  return sum;
}

ShardCost shard_cost(const ScalingProblem& problem, int states) {
  const double d = problem.dimension, s = states, steps = problem.steps;
  return ShardCost{
      .flops = steps * 8.0 * d * d * s + 8.0 * d * s,
      .bytes_read = steps * kComplexBytes * (d * d + d * s) + 2.0 * kComplexBytes * d * s,
      .bytes_written = steps * kComplexBytes * d * s + kComplexBytes,
  };
}

}  // namespace perfgate::kernels
