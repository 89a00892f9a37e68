#include <algorithm>

#include "perfgate/kernels/kde_cost.hpp"

namespace perfgate::kernels {
namespace {

constexpr std::size_t kElement = 4;  // float or int

double tiles(const KdeProblem& problem, KdeTiling tiling) {
  const std::size_t n_pos = problem.position_bin_count();
  return static_cast<double>((n_pos + tiling.pos_tile - 1) / tiling.pos_tile);
}

double occupancy_flops(const KdeProblem& problem) {
  return static_cast<double>(problem.position_sample_count()) * problem.position_bin_count() * (6.0 * problem.position_dims + 1.0);
}

double reference_flops(const KdeProblem& problem) {
  const double n_pos = static_cast<double>(problem.position_bin_count());
  const int D = problem.mark_dims, P = problem.position_dims;
  double flops = occupancy_flops(problem);
  for (const KdeElectrode& e : problem.electrodes) {
    const double n_enc = static_cast<double>(problem.encoding_spikes(e)), n_dec = static_cast<double>(problem.decoding_spikes(e));
    flops += n_enc * n_pos * (6.0 * P + 1.0) + 3.0 * n_pos;
    flops += n_dec * n_pos * n_enc * (6.0 * (D + P) + 2.0) + 5.0 * n_dec * n_pos;
  }
  return flops;
}

double optimized_flops(const KdeProblem& problem, KdeTiling tiling) {
  const double n_pos = static_cast<double>(problem.position_bin_count());
  const int D = problem.mark_dims, P = problem.position_dims;
  double flops = occupancy_flops(problem);
  for (const KdeElectrode& e : problem.electrodes) {
    const double n_enc = static_cast<double>(problem.encoding_spikes(e)), n_dec = static_cast<double>(problem.decoding_spikes(e));
    // The mark GEMM and A are computed again for every position tile.
    flops += tiles(problem, tiling) * (2.0 * n_dec * n_enc * D + 5.0 * n_dec * n_enc);
    flops += n_enc * n_pos * (3.0 * P + 3.0);
    flops += 2.0 * n_dec * n_enc * n_pos + 8.0 * n_dec * n_pos;
  }
  return flops;
}

// The optimized variant's workspace traffic: A, B and A B written once and
// read back once each (A once per tile).
double workspace_bytes(const KdeProblem& problem, KdeTiling tiling) {
  const double n_pos = static_cast<double>(problem.position_bin_count());
  double bytes = 0.0;
  for (const KdeElectrode& e : problem.electrodes) {
    const double n_enc = static_cast<double>(problem.encoding_spikes(e)), n_dec = static_cast<double>(problem.decoding_spikes(e));
    bytes += 2.0 * kElement * (tiles(problem, tiling) * n_dec * n_enc + n_enc * n_pos + n_dec * n_pos);
  }
  return bytes;
}

}  // namespace

const char* to_string(KdeVariant variant) { return variant == KdeVariant::reference ? "reference" : "optimized"; }

std::size_t KdeBufferSizes::total() const {
  return encoding_marks + encoding_positions + decoding_marks + decoding_time_bins + decoding_electrode + electrode_table +
         position_bins + position_samples + occupancy + gpi + log_likelihood + scaled_marks + mark_weights + mark_maxima +
         position_weights + position_maxima + products;
}

KdeBufferSizes kde_buffer_sizes(const KdeProblem& problem, KdeVariant variant, KdeTiling tiling) {
  const std::size_t N = problem.total_encoding_spikes(), J = problem.total_decoding_spikes();
  const std::size_t E = problem.electrodes.size(), D = problem.mark_dims, P = problem.position_dims;
  const std::size_t n_pos = problem.position_bin_count();
  KdeBufferSizes b;
  b.encoding_marks = kElement * N * D;
  b.encoding_positions = kElement * N * P;
  b.decoding_marks = kElement * J * D;
  b.decoding_time_bins = kElement * J;
  b.decoding_electrode = kElement * J;
  b.electrode_table = kElement * (2 * (E + 1) + E);
  b.position_bins = kElement * n_pos * P;
  b.position_samples = kElement * problem.position_sample_count() * P;
  b.occupancy = kElement * n_pos;
  b.gpi = kElement * n_pos;
  b.log_likelihood = kElement * static_cast<std::size_t>(problem.time_bins) * n_pos;
  if (variant == KdeVariant::optimized) {
    const std::size_t blk = std::min<std::size_t>(tiling.block_size, problem.max_decoding_spikes());
    const std::size_t tile = std::min<std::size_t>(tiling.pos_tile, n_pos);
    const std::size_t n_enc = problem.max_encoding_spikes();
    b.scaled_marks = kElement * (N + J) * D;
    b.mark_weights = kElement * blk * n_enc;
    b.mark_maxima = kElement * blk;
    b.position_weights = kElement * n_enc * tile;
    b.position_maxima = kElement * tile;
    b.products = kElement * blk * tile;
  }
  return b;
}

std::size_t kde_memory_estimate(const KdeProblem& problem, KdeVariant variant, int block_size, int pos_tile) {
  return kde_buffer_sizes(problem, variant, {block_size, pos_tile}).total();
}

KdeWork kde_work(const KdeProblem& problem, KdeVariant variant, KdeTiling tiling) {
  const KdeBufferSizes inputs = kde_buffer_sizes(problem, KdeVariant::reference, tiling);
  KdeWork work;
  work.bytes_read = static_cast<double>(inputs.total() - inputs.occupancy - inputs.gpi - inputs.log_likelihood);
  work.bytes_written = static_cast<double>(inputs.log_likelihood);
  if (variant == KdeVariant::reference) {
    work.flops = reference_flops(problem);
  } else {
    work.flops = optimized_flops(problem, tiling);
    work.bytes_read += workspace_bytes(problem, tiling) / 2.0;
    work.bytes_written += workspace_bytes(problem, tiling) / 2.0;
  }
  return work;
}

}  // namespace perfgate::kernels
