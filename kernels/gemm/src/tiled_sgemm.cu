#include "perfgate/kernels/tiled_sgemm.hpp"

namespace perfgate::kernels {
namespace {

constexpr int kTileM = 128, kTileN = 128, kTileK = 8;
constexpr int kPerThreadM = 8, kPerThreadN = 8;
constexpr int kThreadsM = kTileM / kPerThreadM, kThreadsN = kTileN / kPerThreadN;  // 16 x 16
constexpr int kThreads = kThreadsM * kThreadsN;                                     // 256
// A's tile is stored transposed (k-major) so a thread reads its 8 rows of
// one k with unit stride; 4 floats of padding put the 8 k-values one thread
// stores on different banks.
constexpr int kPaddedM = kTileM + 4;

__device__ void load_tiles(const float* __restrict__ a, const float* __restrict__ b, int m, int n, int k, int row0,
                           int col0, int k0, float (*a_tile)[kPaddedM], float (*b_tile)[kTileN]) {
  for (int i = threadIdx.x; i < kTileM * kTileK; i += kThreads) {
    const int r = i / kTileK, kk = i % kTileK;
    const int gr = row0 + r, gk = k0 + kk;
    a_tile[kk][r] = (gr < m && gk < k) ? a[static_cast<size_t>(gr) * k + gk] : 0.0f;
  }
  for (int i = threadIdx.x; i < kTileK * kTileN; i += kThreads) {
    const int kk = i / kTileN, c = i % kTileN;
    const int gk = k0 + kk, gc = col0 + c;
    b_tile[kk][c] = (gk < k && gc < n) ? b[static_cast<size_t>(gk) * n + gc] : 0.0f;
  }
}

// Thread (tr, tc) owns rows tr + 16 i and columns tc + 16 j of the tile:
// neighbouring threads touch neighbouring columns, so shared-memory reads
// are conflict-free and global stores coalesce.
__global__ void __launch_bounds__(kThreads) tiled_sgemm(const float* __restrict__ a, const float* __restrict__ b,
                                                         float* __restrict__ c, int m, int n, int k) {
  __shared__ float a_tile[kTileK][kPaddedM];
  __shared__ float b_tile[kTileK][kTileN];
  const int tr = threadIdx.x / kThreadsN, tc = threadIdx.x % kThreadsN;
  const int row0 = blockIdx.y * kTileM, col0 = blockIdx.x * kTileN;
  float acc[kPerThreadM][kPerThreadN] = {};
  for (int k0 = 0; k0 < k; k0 += kTileK) {
    load_tiles(a, b, m, n, k, row0, col0, k0, a_tile, b_tile);
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < kTileK; ++kk) {
      float a_frag[kPerThreadM], b_frag[kPerThreadN];
#pragma unroll
      for (int i = 0; i < kPerThreadM; ++i) a_frag[i] = a_tile[kk][tr + kThreadsM * i];
#pragma unroll
      for (int j = 0; j < kPerThreadN; ++j) b_frag[j] = b_tile[kk][tc + kThreadsN * j];
#pragma unroll
      for (int i = 0; i < kPerThreadM; ++i)
#pragma unroll
        for (int j = 0; j < kPerThreadN; ++j) acc[i][j] = fmaf(a_frag[i], b_frag[j], acc[i][j]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < kPerThreadM; ++i) {
    const int r = row0 + tr + kThreadsM * i;
    if (r >= m) continue;
#pragma unroll
    for (int j = 0; j < kPerThreadN; ++j) {
      const int col = col0 + tc + kThreadsN * j;
      if (col < n) c[static_cast<size_t>(r) * n + col] = acc[i][j];
    }
  }
}

}  // namespace

cudaError_t launch_tiled_sgemm(const float* a, const float* b, float* c, GemmShape shape, cudaStream_t stream) {
  const dim3 grid((shape.n + kTileN - 1) / kTileN, (shape.m + kTileM - 1) / kTileM);
  tiled_sgemm<<<grid, kThreads, 0, stream>>>(a, b, c, shape.m, shape.n, shape.k);
  return cudaGetLastError();
}

}  // namespace perfgate::kernels
