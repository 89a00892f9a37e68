// The reference variant: the definition evaluated directly, one thread per
// output, every Gaussian factor (one exp each) inside the loop over
// encoding spikes, as the original's linear-space (use_gemm=False) path.

#include "kde_launch.hpp"
#include "perfgate/kernels/grid_size.hpp"
#include "perfgate/kernels/kde_gaussian.hpp"
#include "perfgate/kernels/kde_problem.hpp"

namespace perfgate::kernels {
namespace {

constexpr unsigned kThreads = 256;

// gpi[p] = sum_e rate_e (sum_s K_pos[s, p] / n_enc) / occupancy[p].
__global__ void reference_gpi_kernel(KdeDeviceView v) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= v.position_bins) return;
  const int P = v.position_dims;
  float gpi = 0.0f;
  for (int e = 0; e < v.electrodes; ++e) {
    const int first = v.encoding_offsets[e], n_enc = v.encoding_offsets[e + 1] - first;
    float sum = 0.0f;
    for (int s = first; s < first + n_enc; ++s)
      sum += gaussian_product<float>(v.bins + p * P, v.encoding_positions + static_cast<std::size_t>(s) * P, P, kKdePositionSigma);
    gpi += v.rates[e] * (sum / static_cast<float>(n_enc)) / v.occupancy[p];
  }
  v.gpi[p] = gpi;
}

// Thread (j, p): consecutive threads share j and so read the same encoding
// spike at once (a broadcast).
__global__ void reference_joint_kernel(KdeDeviceView v) {
  const std::size_t n = v.decoding_spikes * v.position_bins;
  const int D = v.mark_dims, P = v.position_dims;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
    const std::size_t j = i / v.position_bins;
    const int p = static_cast<int>(i % v.position_bins);
    const int e = v.decoding_electrode[j];
    const int first = v.encoding_offsets[e], n_enc = v.encoding_offsets[e + 1] - first;
    const float* mark = v.decoding_marks + j * D;
    float sum = 0.0f;
    for (int s = first; s < first + n_enc; ++s)
      sum += gaussian_product<float>(mark, v.encoding_marks + static_cast<std::size_t>(s) * D, D, kKdeMarkSigma) *
             gaussian_product<float>(v.bins + p * P, v.encoding_positions + static_cast<std::size_t>(s) * P, P, kKdePositionSigma);
    const float intensity = v.rates[e] * sum / static_cast<float>(n_enc) / v.occupancy[p];
    const float log_joint = logf(fmaxf(intensity, static_cast<float>(kKdeIntensityFloor)));
    atomicAdd(v.log_likelihood + static_cast<std::size_t>(v.decoding_time_bins[j]) * v.position_bins + p, log_joint);
  }
}

}  // namespace

cudaError_t launch_kde_reference_gpi(const KdeDeviceView& v, cudaStream_t stream) {
  reference_gpi_kernel<<<(v.position_bins + kThreads - 1) / kThreads, kThreads, 0, stream>>>(v);
  return cudaGetLastError();
}

cudaError_t launch_kde_reference_joint(const KdeDeviceView& v, cudaStream_t stream) {
  const std::size_t n = v.decoding_spikes * v.position_bins;
  if (n == 0) return cudaSuccess;
  reference_joint_kernel<<<grid_stride_blocks(n, kThreads), kThreads, 0, stream>>>(v);
  return cudaGetLastError();
}

}  // namespace perfgate::kernels
