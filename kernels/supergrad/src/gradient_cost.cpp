#include "perfgate/kernels/gradient_cost.hpp"

namespace perfgate::kernels {
namespace {

constexpr double kComplexBytes = 16.0;  // complex128

}  // namespace

GradientCost gradient_cost(const ControlProblem& p, GradientMethod method, int states) {
  const double d = p.dimension, s = states, t = p.steps, k = p.controls;
  const double gemm_flops = 8.0 * d * d * s, gemm_read = kComplexBytes * (d * d + d * s), gemm_written = kComplexBytes * d * s;
  const double backward_gemms = t * ((method == GradientMethod::adjoint ? 2.0 : 1.0) + k);
  const double gemms = t + backward_gemms;
  return GradientCost{
      .flops = gemms * gemm_flops + t * k * 8.0 * d * s + 8.0 * d * s,
      .bytes_read = gemms * gemm_read + t * k * 2.0 * kComplexBytes * d * s + 2.0 * kComplexBytes * d * s,
      .bytes_written = gemms * gemm_written + kComplexBytes * (d * s + s + t * k + k + 1),
  };
}

std::size_t gradient_device_bytes(const ControlProblem& p, GradientMethod method, int states) {
  const std::size_t d = static_cast<std::size_t>(p.dimension), s = static_cast<std::size_t>(states);
  const std::size_t k = static_cast<std::size_t>(p.controls), t = static_cast<std::size_t>(p.steps);
  const std::size_t psi_blocks = method == GradientMethod::tape ? t + 1 : 2;
  // V and the K derivatives; initial, targets, psi, mu (2) and scratch
  // blocks; overlaps, the T x K table, ones, scalars, packed and reduced.
  const std::size_t values = d * d * (1 + k) + d * s * (2 + psi_blocks + 2 + 1) + s + t * k + t + 2 + 2 * (1 + k);
  return values * 16;  // complex128
}

}  // namespace perfgate::kernels
