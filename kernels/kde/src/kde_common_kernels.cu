// The kernels both variants share: occupancy and the final gpi term.

#include "kde_launch.hpp"
#include "perfgate/kernels/grid_size.hpp"
#include "perfgate/kernels/kde_gaussian.hpp"
#include "perfgate/kernels/kde_problem.hpp"

namespace perfgate::kernels {
namespace {

constexpr unsigned kThreads = 256;

// 32 bins per block (threadIdx.x), 16 groups splitting the samples
// (threadIdx.y): a bin's sum over 10^4 samples is too long for one thread,
// and a 2-D arena has only ~3400 bins.  Every thread of a warp reads the
// same sample (a broadcast).
constexpr unsigned kTileBins = 32, kSampleGroups = 16;

__global__ void occupancy_kernel(KdeDeviceView v) {
  __shared__ float partial[kSampleGroups][kTileBins + 1];
  const int p = blockIdx.x * kTileBins + threadIdx.x;
  const int P = v.position_dims;
  float sum = 0.0f;
  for (int i = threadIdx.y; p < v.position_bins && i < v.position_samples; i += kSampleGroups)
    sum += gaussian_product<float>(v.bins + p * P, v.samples + static_cast<std::size_t>(i) * P, P, kKdePositionSigma);
  partial[threadIdx.y][threadIdx.x] = sum;
  __syncthreads();
  if (threadIdx.y != 0 || p >= v.position_bins) return;
  sum = 0.0f;
  for (unsigned g = 0; g < kSampleGroups; ++g) sum += partial[g][threadIdx.x];
  v.occupancy[p] = sum / static_cast<float>(v.position_samples);
}

__global__ void subtract_gpi_kernel(KdeDeviceView v) {
  const std::size_t n = static_cast<std::size_t>(v.time_bins) * v.position_bins;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    v.log_likelihood[i] -= v.gpi[i % v.position_bins];
}

}  // namespace

cudaError_t launch_kde_occupancy(const KdeDeviceView& v, cudaStream_t stream) {
  const dim3 block(kTileBins, kSampleGroups);
  occupancy_kernel<<<(v.position_bins + kTileBins - 1) / kTileBins, block, 0, stream>>>(v);
  return cudaGetLastError();
}

cudaError_t launch_kde_subtract_gpi(const KdeDeviceView& v, cudaStream_t stream) {
  subtract_gpi_kernel<<<grid_stride_blocks(static_cast<std::size_t>(v.time_bins) * v.position_bins, kThreads), kThreads, 0,
                        stream>>>(v);
  return cudaGetLastError();
}

}  // namespace perfgate::kernels
