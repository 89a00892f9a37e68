#include "perfgate/kernels/cpu_gemm.hpp"

#include <algorithm>

namespace perfgate::kernels {
namespace {
constexpr int kBlock = 64;  // 3 blocks of 64x64 floats (48 KiB) fit in L2 with room
}

void cpu_gemm_naive(std::span<const float> a, std::span<const float> b, std::span<float> c, GemmShape s) {
  for (int i = 0; i < s.m; ++i)
    for (int j = 0; j < s.n; ++j) {
      float sum = 0.0f;
      for (int p = 0; p < s.k; ++p) sum += a[i * s.k + p] * b[p * s.n + j];
      c[i * s.n + j] = sum;
    }
}

void cpu_gemm_blocked(std::span<const float> a, std::span<const float> b, std::span<float> c, GemmShape s) {
  std::fill(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(s.m) * s.n, 0.0f);
  for (int i0 = 0; i0 < s.m; i0 += kBlock)
    for (int p0 = 0; p0 < s.k; p0 += kBlock)
      for (int j0 = 0; j0 < s.n; j0 += kBlock) {
        const int i1 = std::min(i0 + kBlock, s.m), p1 = std::min(p0 + kBlock, s.k), j1 = std::min(j0 + kBlock, s.n);
        for (int i = i0; i < i1; ++i)
          for (int p = p0; p < p1; ++p) {
            const float a_ip = a[i * s.k + p];
            float* c_row = &c[i * s.n];
            const float* b_row = &b[p * s.n];
            for (int j = j0; j < j1; ++j) c_row[j] += a_ip * b_row[j];
          }
      }
}

std::vector<double> cpu_gemm_reference(std::span<const float> a, std::span<const float> b, GemmShape s) {
  std::vector<double> c(static_cast<std::size_t>(s.m) * s.n, 0.0);
  for (int i = 0; i < s.m; ++i)
    for (int p = 0; p < s.k; ++p) {
      const double a_ip = a[i * s.k + p];
      for (int j = 0; j < s.n; ++j) c[i * s.n + j] += a_ip * static_cast<double>(b[p * s.n + j]);
    }
  return c;
}

}  // namespace perfgate::kernels
