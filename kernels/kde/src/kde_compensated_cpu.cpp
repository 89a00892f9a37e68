// The optimized algorithm in float32 on the CPU, the GPU's steps in the
// GPU's order (blocks of decoding spikes, tiles of position bins), so the
// algorithm's float32 accuracy is tested on any machine.

#include <algorithm>
#include <cmath>

#include "perfgate/kernels/kde_compensated_math.hpp"
#include "perfgate/kernels/kde_cpu.hpp"
#include "perfgate/kernels/kde_gaussian.hpp"

namespace perfgate::kernels {
namespace {

// Marks centred on the electrode's mean encoding mark and scaled by
// 1/sigma: centring keeps |x|^2 small, so |y|^2 + |x|^2 - 2 y.x loses little
// to cancellation in float32 (distances do not change).
struct ScaledMarks {
  std::vector<float> enc, dec;          // n x D
  std::vector<float> enc_norm2, dec_norm2;
};

ScaledMarks scale_marks(const KdeProblem& problem, const KdeElectrode& e) {
  const int D = problem.mark_dims;
  const std::size_t n_enc = problem.encoding_spikes(e);
  std::vector<float> centre(D, 0.0f);
  for (std::size_t s = 0; s < n_enc; ++s)
    for (int d = 0; d < D; ++d) centre[d] += e.encoding_marks[s * D + d];
  for (float& c : centre) c /= static_cast<float>(n_enc);
  ScaledMarks m;
  auto scale = [&](const std::vector<float>& in, std::vector<float>* out, std::vector<float>* norm2) {
    for (std::size_t i = 0; i < in.size() / D; ++i) {
      float n2 = 0.0f;
      for (int d = 0; d < D; ++d) {
        const float v = (in[i * D + d] - centre[d]) / kKdeMarkSigma;
        out->push_back(v);
        n2 += v * v;
      }
      norm2->push_back(n2);
    }
  };
  scale(e.encoding_marks, &m.enc, &m.enc_norm2);
  scale(e.decoding_marks, &m.dec, &m.dec_norm2);
  return m;
}

std::vector<float> occupancy_f32(const KdeProblem& problem) {
  const std::size_t n_pos = problem.position_bin_count(), n_samples = problem.position_sample_count();
  const int P = problem.position_dims;
  std::vector<float> occupancy(n_pos);
  for (std::size_t p = 0; p < n_pos; ++p) {
    float sum = 0.0f;
    for (std::size_t i = 0; i < n_samples; ++i)
      sum += gaussian_product<float>(&problem.position_bins[p * P], &problem.position_samples[i * P], P, kKdePositionSigma);
    occupancy[p] = sum / static_cast<float>(n_samples);
  }
  return occupancy;
}

// One tile of positions [p0, p0 + width): B[s, p] = exp(l - max_s l) with
// l = -0.5 |(bin_p - pos_s) / sigma|^2, b_p = c_pos + max_s l, and the
// electrode's gpi added to `gpi`.
struct PositionTile {
  std::size_t p0, width;
  std::vector<float> weights, maxima;  // n_enc x width, width
};

PositionTile position_tile(const KdeProblem& problem, const KdeElectrode& e, std::size_t p0, std::size_t width,
                           const std::vector<float>& occupancy, std::vector<float>* gpi) {
  const int P = problem.position_dims;
  const std::size_t n_enc = problem.encoding_spikes(e);
  const float log_norm = gaussian_log_norm(P, kKdePositionSigma);
  const float rate_per_spike = static_cast<float>(problem.mean_rate(e) / n_enc);
  PositionTile tile{p0, width, std::vector<float>(n_enc * width), std::vector<float>(width)};
  for (std::size_t q = 0; q < width; ++q) {
    const float* bin = &problem.position_bins[(p0 + q) * P];
    float max_l = -INFINITY, sum = 0.0f;
    for (std::size_t s = 0; s < n_enc; ++s) {
      float l = 0.0f;
      for (int d = 0; d < P; ++d) {
        const float z = (bin[d] - e.encoding_positions[s * P + d]) / kKdePositionSigma;
        l -= 0.5f * z * z;
      }
      tile.weights[s * width + q] = l;
      max_l = std::max(max_l, l);
    }
    for (std::size_t s = 0; s < n_enc; ++s) {
      float& w = tile.weights[s * width + q];
      w = expf(w - max_l);
      sum += w;
    }
    tile.maxima[q] = log_norm + max_l;
    (*gpi)[p0 + q] += rate_per_spike * sum * expf(tile.maxima[q] - logf(occupancy[p0 + q]));
  }
  return tile;
}

// Decoding spikes [j0, j0 + rows): A[j, s] and a_j.
void mark_block(const ScaledMarks& m, int D, std::size_t j0, std::size_t rows, std::size_t n_enc, std::vector<float>* weights,
                std::vector<float>* maxima) {
  const float log_norm = gaussian_log_norm(D, kKdeMarkSigma);
  for (std::size_t r = 0; r < rows; ++r) {
    const float* y = &m.dec[(j0 + r) * D];
    float max_score = -INFINITY;
    for (std::size_t s = 0; s < n_enc; ++s) {
      float cross = 0.0f;  // the mark GEMM's element
      for (int d = 0; d < D; ++d) cross += y[d] * m.enc[s * D + d];
      const float score = mark_score(cross, m.enc_norm2[s]);
      (*weights)[r * n_enc + s] = score;
      max_score = std::max(max_score, score);
    }
    for (std::size_t s = 0; s < n_enc; ++s) (*weights)[r * n_enc + s] = mark_weight((*weights)[r * n_enc + s], max_score);
    (*maxima)[r] = mark_log_max(log_norm, m.dec_norm2[j0 + r], max_score);
  }
}

void add_block(const KdeProblem& problem, const KdeElectrode& e, std::size_t j0, std::size_t rows, const std::vector<float>& a_weights,
               const std::vector<float>& a_maxima, const PositionTile& tile, const std::vector<float>& occupancy,
               std::vector<float>* ll) {
  const std::size_t n_enc = problem.encoding_spikes(e), n_pos = problem.position_bin_count();
  const float log_scale = logf(static_cast<float>(problem.mean_rate(e) / n_enc));
  std::vector<float> product(tile.width);
  for (std::size_t r = 0; r < rows; ++r) {
    std::fill(product.begin(), product.end(), 0.0f);  // the product GEMM's row
    for (std::size_t s = 0; s < n_enc; ++s)
      for (std::size_t q = 0; q < tile.width; ++q) product[q] += a_weights[r * n_enc + s] * tile.weights[s * tile.width + q];
    float* out = &(*ll)[static_cast<std::size_t>(e.decoding_time_bins[j0 + r]) * n_pos + tile.p0];
    for (std::size_t q = 0; q < tile.width; ++q)
      out[q] += compensated_log_joint(log_scale, logf(occupancy[tile.p0 + q]), a_maxima[r], tile.maxima[q], product[q]);
  }
}

}  // namespace

std::vector<float> kde_log_likelihood_compensated(const KdeProblem& problem, int block_size, int pos_tile) {
  const std::size_t n_pos = problem.position_bin_count();
  const std::vector<float> occupancy = occupancy_f32(problem);
  std::vector<float> ll(static_cast<std::size_t>(problem.time_bins) * n_pos, 0.0f), gpi(n_pos, 0.0f);
  for (const KdeElectrode& e : problem.electrodes) {
    const ScaledMarks marks = scale_marks(problem, e);
    const std::size_t n_enc = problem.encoding_spikes(e), n_dec = problem.decoding_spikes(e);
    std::vector<float> a_weights(static_cast<std::size_t>(block_size) * n_enc), a_maxima(block_size);
    for (std::size_t p0 = 0; p0 < n_pos; p0 += pos_tile) {
      const PositionTile tile = position_tile(problem, e, p0, std::min<std::size_t>(pos_tile, n_pos - p0), occupancy, &gpi);
      for (std::size_t j0 = 0; j0 < n_dec; j0 += block_size) {
        const std::size_t rows = std::min<std::size_t>(block_size, n_dec - j0);
        mark_block(marks, problem.mark_dims, j0, rows, n_enc, &a_weights, &a_maxima);
        add_block(problem, e, j0, rows, a_weights, a_maxima, tile, occupancy, &ll);
      }
    }
  }
  for (int t = 0; t < problem.time_bins; ++t)
    for (std::size_t p = 0; p < n_pos; ++p) ll[t * n_pos + p] -= gpi[p];
  return ll;
}

}  // namespace perfgate::kernels
