#pragma once
// C = A * B on the CPU, row-major: A is m x k, B is k x n, C is m x n.
// The float64 version is the reference every GEMM is checked against; the
// two float versions are the host suite's naive-vs-blocked pair.

#include <span>
#include <vector>

namespace perfgate::kernels {

struct GemmShape {
  int m, n, k;
  double flops() const { return 2.0 * m * n * k; }
};

// Textbook i-j-p loops: B is read down its columns, one cache line per
// element once the matrix outgrows the cache.
void cpu_gemm_naive(std::span<const float> a, std::span<const float> b, std::span<float> c, GemmShape shape);

// Cache-blocked, i-p-j inside each block so the innermost loop streams rows
// of B and C (and vectorizes).
void cpu_gemm_blocked(std::span<const float> a, std::span<const float> b, std::span<float> c, GemmShape shape);

// Float64 accumulation of float inputs.
std::vector<double> cpu_gemm_reference(std::span<const float> a, std::span<const float> b, GemmShape shape);

}  // namespace perfgate::kernels
