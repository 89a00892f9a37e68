#pragma once
// The element-wise chain y = gelu(a*x + b) * s + r on the CPU: five
// element-wise operations over vectors x and r with scalars a, b, s.
// Unfused runs one pass per operation with intermediates in memory (as
// eager frameworks do); fused does all five in one pass.

#include <span>
#include <vector>

namespace perfgate::kernels {

struct ChainScalars {
  float a = 1.5f, b = -0.25f, s = 0.75f;
};

inline constexpr int kChainOps = 5;  // scale, shift, gelu, scale, residual add

// Bytes each variant moves per element (float32): fused reads x and r and
// writes y (12 B); unfused reads and writes an intermediate in every pass.
inline constexpr double kFusedBytesPerElement = 12.0;
inline constexpr double kUnfusedBytesPerElement = 4.0 * (2 * kChainOps + 1);

// `scratch` must be as long as x.
void cpu_chain_unfused(std::span<const float> x, std::span<const float> r, std::span<float> y,
                       std::span<float> scratch, ChainScalars k);
void cpu_chain_fused(std::span<const float> x, std::span<const float> r, std::span<float> y, ChainScalars k);

// Float64 reference.
std::vector<double> cpu_chain_reference(std::span<const float> x, std::span<const float> r, ChainScalars k);

}  // namespace perfgate::kernels
