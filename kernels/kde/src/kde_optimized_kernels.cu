// The optimized variant's element-wise kernels around its two SGEMMs
// (kde_compensated_math.hpp has the formulas, shared with the CPU version).

#include <cfloat>

#include "kde_launch.hpp"
#include "perfgate/kernels/grid_size.hpp"
#include "perfgate/kernels/kde_compensated_math.hpp"
#include "perfgate/kernels/kde_gaussian.hpp"
#include "perfgate/kernels/kde_problem.hpp"

namespace perfgate::kernels {
namespace {

constexpr unsigned kThreads = 256;
// Position tiles: 32 bins per block (a warp along the bins, coalesced B
// rows) and 16 groups splitting the encoding spikes.
constexpr unsigned kTileBins = 32, kSpikeGroups = 16;

template <class Op>
__device__ float block_reduce(float value, float* shared, Op op) {
  shared[threadIdx.x] = value;
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) shared[threadIdx.x] = op(shared[threadIdx.x], shared[threadIdx.x + half]);
    __syncthreads();
  }
  const float result = shared[0];
  __syncthreads();
  return result;
}

struct Sum {
  __device__ float operator()(float a, float b) const { return a + b; }
};
struct Max {
  __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};

// Block e: the electrode's mean encoding mark, then its marks centred and
// scaled (encoding d-major, decoding row-major).
__global__ void scale_marks_kernel(KdeDeviceView v, float* scaled_encoding, float* scaled_decoding) {
  __shared__ float shared[kThreads];
  const int e = blockIdx.x, D = v.mark_dims;
  const int enc0 = v.encoding_offsets[e], n_enc = v.encoding_offsets[e + 1] - enc0;
  const int dec0 = v.decoding_offsets[e], n_dec = v.decoding_offsets[e + 1] - dec0;
  for (int d = 0; d < D; ++d) {
    float partial = 0.0f;
    for (int s = threadIdx.x; s < n_enc; s += blockDim.x) partial += v.encoding_marks[static_cast<std::size_t>(enc0 + s) * D + d];
    const float centre = block_reduce(partial, shared, Sum{}) / static_cast<float>(n_enc);
    for (int s = threadIdx.x; s < n_enc; s += blockDim.x)
      scaled_encoding[static_cast<std::size_t>(enc0) * D + static_cast<std::size_t>(d) * n_enc + s] =
          (v.encoding_marks[static_cast<std::size_t>(enc0 + s) * D + d] - centre) / kKdeMarkSigma;
    for (int j = threadIdx.x; j < n_dec; j += blockDim.x)
      scaled_decoding[static_cast<std::size_t>(dec0 + j) * D + d] =
          (v.decoding_marks[static_cast<std::size_t>(dec0 + j) * D + d] - centre) / kKdeMarkSigma;
  }
}

__device__ float encoding_norm2(const float* scaled_encoding_e, int n_enc, int D, int s) {
  float n2 = 0.0f;
  for (int d = 0; d < D; ++d) {
    const float x = scaled_encoding_e[static_cast<std::size_t>(d) * n_enc + s];
    n2 += x * x;
  }
  return n2;
}

// Block r: row r of the mark GEMM's output becomes A's row and a_r.
__global__ void mark_weights_kernel(const float* scaled_encoding_e, const float* scaled_decoding_block, int n_enc, int D,
                                    float* weights, float* maxima) {
  __shared__ float shared[kThreads];
  const int r = blockIdx.x;
  float* row = weights + static_cast<std::size_t>(r) * n_enc;
  float max_score = -FLT_MAX;
  for (int s = threadIdx.x; s < n_enc; s += blockDim.x) {
    const float score = mark_score(row[s], encoding_norm2(scaled_encoding_e, n_enc, D, s));
    row[s] = score;
    max_score = fmaxf(max_score, score);
  }
  max_score = block_reduce(max_score, shared, Max{});
  for (int s = threadIdx.x; s < n_enc; s += blockDim.x) row[s] = mark_weight(row[s], max_score);
  if (threadIdx.x == 0) {
    float y2 = 0.0f;
    for (int d = 0; d < D; ++d) y2 += scaled_decoding_block[r * D + d] * scaled_decoding_block[r * D + d];
    maxima[r] = mark_log_max(gaussian_log_norm(D, kKdeMarkSigma), y2, max_score);
  }
}

__device__ float position_exponent(const float* bin, const float* position, int P) {
  float l = 0.0f;
  for (int d = 0; d < P; ++d) {
    const float z = (bin[d] - position[d]) / kKdePositionSigma;
    l -= 0.5f * z * z;
  }
  return l;
}

// Block: kTileBins bins (threadIdx.x) x kSpikeGroups slices of the encoding
// spikes (threadIdx.y).  B[s, q] = exp(l - max_s l), b_q, and gpi.
__global__ void position_weights_kernel(KdeDeviceView v, KdePositionTileArgs t) {
  __shared__ float shared[kSpikeGroups][kTileBins + 1];
  const int q = blockIdx.x * kTileBins + threadIdx.x;
  const bool live = q < t.width;
  const int P = v.position_dims;
  const float* bin = v.bins + static_cast<std::size_t>(t.p0 + (live ? q : 0)) * P;
  float max_l = -FLT_MAX;
  for (int s = threadIdx.y; live && s < t.n_enc; s += kSpikeGroups) {
    const float l = position_exponent(bin, t.encoding_positions + static_cast<std::size_t>(s) * P, P);
    t.weights[static_cast<std::size_t>(s) * t.width + q] = l;
    max_l = fmaxf(max_l, l);
  }
  shared[threadIdx.y][threadIdx.x] = max_l;
  __syncthreads();
  for (unsigned g = 0; g < kSpikeGroups; ++g) max_l = fmaxf(max_l, shared[g][threadIdx.x]);
  __syncthreads();
  float sum = 0.0f;
  for (int s = threadIdx.y; live && s < t.n_enc; s += kSpikeGroups) {
    float& w = t.weights[static_cast<std::size_t>(s) * t.width + q];
    w = expf(w - max_l);
    sum += w;
  }
  shared[threadIdx.y][threadIdx.x] = sum;
  __syncthreads();
  if (threadIdx.y != 0 || !live) return;
  sum = 0.0f;
  for (unsigned g = 0; g < kSpikeGroups; ++g) sum += shared[g][threadIdx.x];
  const float b = gaussian_log_norm(P, kKdePositionSigma) + max_l;
  t.maxima[q] = b;
  v.gpi[t.p0 + q] += t.rate_per_spike * sum * expf(b - logf(v.occupancy[t.p0 + q]));
}

__global__ void epilogue_kernel(KdeDeviceView v, KdeEpilogueArgs k) {
  const std::size_t n = static_cast<std::size_t>(k.rows) * k.width;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
    const int r = static_cast<int>(i / k.width), q = static_cast<int>(i % k.width), p = k.p0 + q;
    const float log_joint =
        compensated_log_joint(k.log_scale, logf(v.occupancy[p]), k.mark_maxima[r], k.position_maxima[q], k.products[i]);
    atomicAdd(v.log_likelihood + static_cast<std::size_t>(k.time_bins[r]) * v.position_bins + p, log_joint);
  }
}

}  // namespace

cudaError_t launch_kde_scale_marks(const KdeDeviceView& v, float* scaled_encoding, float* scaled_decoding, cudaStream_t stream) {
  scale_marks_kernel<<<v.electrodes, kThreads, 0, stream>>>(v, scaled_encoding, scaled_decoding);
  return cudaGetLastError();
}

cudaError_t launch_kde_mark_weights(const float* scaled_encoding_e, const float* scaled_decoding_block, int rows, int n_enc,
                                    int mark_dims, float* weights, float* maxima, cudaStream_t stream) {
  mark_weights_kernel<<<rows, kThreads, 0, stream>>>(scaled_encoding_e, scaled_decoding_block, n_enc, mark_dims, weights, maxima);
  return cudaGetLastError();
}

cudaError_t launch_kde_position_weights(const KdeDeviceView& v, const KdePositionTileArgs& tile, cudaStream_t stream) {
  const dim3 block(kTileBins, kSpikeGroups);
  position_weights_kernel<<<(tile.width + kTileBins - 1) / kTileBins, block, 0, stream>>>(v, tile);
  return cudaGetLastError();
}

cudaError_t launch_kde_epilogue(const KdeDeviceView& v, const KdeEpilogueArgs& block, cudaStream_t stream) {
  epilogue_kernel<<<grid_stride_blocks(static_cast<std::size_t>(block.rows) * block.width, kThreads), kThreads, 0, stream>>>(v, block);
  return cudaGetLastError();
}

}  // namespace perfgate::kernels
