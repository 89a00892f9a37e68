#include "perfgate/kernels/cpu_elementwise_chain.hpp"

#include <cmath>

namespace perfgate::kernels {
namespace {

// GELU in its exact form, 0.5 v (1 + erf(v / sqrt 2)).
template <class T>
T gelu(T v) {
  return T(0.5) * v * (T(1) + std::erf(v * T(0.70710678118654752440)));
}

}  // namespace

void cpu_chain_unfused(std::span<const float> x, std::span<const float> r, std::span<float> y,
                       std::span<float> t, ChainScalars k) {
  const std::size_t n = x.size();
  for (std::size_t i = 0; i < n; ++i) t[i] = k.a * x[i];
  for (std::size_t i = 0; i < n; ++i) t[i] = t[i] + k.b;
  for (std::size_t i = 0; i < n; ++i) t[i] = gelu(t[i]);
  for (std::size_t i = 0; i < n; ++i) t[i] = t[i] * k.s;
  for (std::size_t i = 0; i < n; ++i) y[i] = t[i] + r[i];
}

void cpu_chain_fused(std::span<const float> x, std::span<const float> r, std::span<float> y, ChainScalars k) {
  for (std::size_t i = 0; i < x.size(); ++i) y[i] = gelu(k.a * x[i] + k.b) * k.s + r[i];
}

std::vector<double> cpu_chain_reference(std::span<const float> x, std::span<const float> r, ChainScalars k) {
  std::vector<double> y(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    y[i] = gelu(double(k.a) * x[i] + double(k.b)) * double(k.s) + double(r[i]);
  return y;
}

}  // namespace perfgate::kernels
