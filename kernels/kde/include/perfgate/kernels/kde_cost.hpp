#pragma once
// What one KDE log-likelihood call costs: the device buffers each variant
// allocates (so the suite can compare its estimate with the measured peak)
// and the work it declares (FLOP, bytes) for the roofline.

#include <cstddef>

#include "perfgate/kernels/kde_problem.hpp"

namespace perfgate::kernels {

enum class KdeVariant { reference, optimized };
const char* to_string(KdeVariant variant);

// The optimized variant's workspace bounds: decoding spikes per block and
// position bins per tile.
struct KdeTiling {
  int block_size = 1024;
  int pos_tile = 2048;
};

// Bytes of every device buffer, one field each.  N = all encoding spikes,
// J = all decoding spikes, E electrodes, D mark and P position dims, n_pos
// bins, S trajectory samples, T time bins; per electrode at most n_enc
// encoding and n_dec decoding spikes; blk = min(block_size, n_dec),
// tile = min(pos_tile, n_pos).  Every element is 4 bytes (float or int).
struct KdeBufferSizes {
  // Both variants: the inputs and the output.
  std::size_t encoding_marks = 0;      // N x D
  std::size_t encoding_positions = 0;  // N x P
  std::size_t decoding_marks = 0;      // J x D
  std::size_t decoding_time_bins = 0;  // J
  std::size_t decoding_electrode = 0;  // J: which electrode a decoding spike is from
  std::size_t electrode_table = 0;     // 2 (E + 1) offsets + E rates
  std::size_t position_bins = 0;       // n_pos x P
  std::size_t position_samples = 0;    // S x P
  std::size_t occupancy = 0;           // n_pos
  std::size_t gpi = 0;                 // n_pos: sum_e gpi_e
  std::size_t log_likelihood = 0;      // T x n_pos
  // Optimized only: centred, scaled marks and the GEMM workspaces.
  std::size_t scaled_marks = 0;        // (N + J) x D
  std::size_t mark_weights = 0;        // blk x n_enc: A, also the mark GEMM's output
  std::size_t mark_maxima = 0;         // blk: a_j
  std::size_t position_weights = 0;    // n_enc x tile: B
  std::size_t position_maxima = 0;     // tile: b_p
  std::size_t products = 0;            // blk x tile: A B

  std::size_t total() const;
};

KdeBufferSizes kde_buffer_sizes(const KdeProblem& problem, KdeVariant variant, KdeTiling tiling = {});

// kde_buffer_sizes(...).total(): the device memory the variant allocates,
// without cuBLAS's own workspace and the loaded kernels, which do not grow
// with the problem (measured on an H100, CUDA 13: the optimized variant's
// device_memory_peak_bytes exceeds the estimate by 67-72 MB at every
// preset, the reference's by 1-3 MB of allocation granules).
std::size_t kde_memory_estimate(const KdeProblem& problem, KdeVariant variant, int block_size = 1024, int pos_tile = 2048);

// The declared work of one call.  Counting conventions (exp and log count 1
// FLOP each):
//   a Gaussian factor N(x | mu, sigma) = 4 FLOP (subtract, scale, square,
//   times -0.5) + 1 exp + 1 multiply into its product = 6 FLOP;
//   occupancy (both): S n_pos (6P + 1).
// reference, per electrode (n_enc, n_dec):
//   gpi:   n_enc n_pos (6P + 1) + 3 n_pos;
//   joint: n_dec n_pos n_enc (6 (D + P) + 2)   [the (s, j, p) triples: every
//          factor evaluated in the loop, one multiply and one add]
//          + 5 n_dec n_pos (scale, clip, log, add).
// optimized, per electrode, per position tile (tiles = ceil(n_pos / pos_tile)):
//   mark GEMM: 2 n_dec n_enc D; A: 5 n_dec n_enc (score, max, exp);
//   B: n_enc tile (3P + 3) (distance, max, exp, sum);
//   product GEMM: 2 n_dec n_enc tile; epilogue: 8 n_dec tile.
// Bytes: the inputs read once and LL written once; the optimized variant
// also writes and reads back A, B and A B once each (its GEMMs' operands).
struct KdeWork {
  double flops = 0.0;
  double bytes_read = 0.0;
  double bytes_written = 0.0;
};
KdeWork kde_work(const KdeProblem& problem, KdeVariant variant, KdeTiling tiling = {});

}  // namespace perfgate::kernels
