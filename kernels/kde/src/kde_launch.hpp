#pragma once
// The KDE's device-side pieces: what the problem looks like on the GPU and
// the launches the two variants are built from (kde_gpu.cpp strings them
// together).  Internal to the library.

#include <cstddef>

#include <cuda_runtime_api.h>

namespace perfgate::kernels {

// The problem on the device: every electrode's spikes concatenated, with
// offsets (E + 1 each) into them.
struct KdeDeviceView {
  int electrodes = 0, mark_dims = 0, position_dims = 0, time_bins = 0;
  int position_bins = 0, position_samples = 0;
  const float* encoding_marks = nullptr;      // N x D
  const float* encoding_positions = nullptr;  // N x P
  const float* decoding_marks = nullptr;      // J x D
  const int* decoding_time_bins = nullptr;    // J
  const int* decoding_electrode = nullptr;    // J
  const int* encoding_offsets = nullptr;      // E + 1
  const int* decoding_offsets = nullptr;      // E + 1
  const float* rates = nullptr;               // E, Hz
  const float* bins = nullptr;                // n_pos x P
  const float* samples = nullptr;             // S x P
  float* occupancy = nullptr;                 // n_pos
  float* gpi = nullptr;                       // n_pos
  float* log_likelihood = nullptr;            // T x n_pos
  std::size_t decoding_spikes = 0;            // J
};

// Both variants.
cudaError_t launch_kde_occupancy(const KdeDeviceView& v, cudaStream_t stream);
// LL[t, p] -= gpi[p] for every t.
cudaError_t launch_kde_subtract_gpi(const KdeDeviceView& v, cudaStream_t stream);

// The reference: gpi (all electrodes), then every (j, p) into LL.
cudaError_t launch_kde_reference_gpi(const KdeDeviceView& v, cudaStream_t stream);
cudaError_t launch_kde_reference_joint(const KdeDeviceView& v, cudaStream_t stream);

// The optimized variant's kernels, around its two SGEMMs.
// Centred (on each electrode's mean encoding mark), scaled marks: encoding
// marks d-major per electrode (D x n_enc from offset * D, the mark GEMM's
// right operand), decoding marks row-major.
cudaError_t launch_kde_scale_marks(const KdeDeviceView& v, float* scaled_encoding, float* scaled_decoding, cudaStream_t stream);
// In place on `weights` (rows x n_enc, the mark GEMM's y.x): A and a_j.
cudaError_t launch_kde_mark_weights(const float* scaled_encoding_e, const float* scaled_decoding_block, int rows, int n_enc,
                                    int mark_dims, float* weights, float* maxima, cudaStream_t stream);
// One electrode's B (n_enc x width) and b_p for bins [p0, p0 + width),
// its gpi added to v.gpi.
struct KdePositionTileArgs {
  const float* encoding_positions;  // the electrode's, n_enc x P
  int n_enc, p0, width;
  float rate_per_spike;             // rate / n_enc
  float* weights;                   // n_enc x width
  float* maxima;                    // width
};
cudaError_t launch_kde_position_weights(const KdeDeviceView& v, const KdePositionTileArgs& tile, cudaStream_t stream);
// LL[bin_j, p] += clipped log joint for a block of rows x width products.
struct KdeEpilogueArgs {
  const int* time_bins;  // the block's decoding spikes
  const float* mark_maxima;
  const float* position_maxima;
  const float* products;  // rows x width
  int rows, p0, width;
  float log_scale;        // log(rate / n_enc)
};
cudaError_t launch_kde_epilogue(const KdeDeviceView& v, const KdeEpilogueArgs& block, cudaStream_t stream);

}  // namespace perfgate::kernels
