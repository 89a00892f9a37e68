// The float64 reference: the definition in kde_cpu.hpp, loop for loop.

#include <algorithm>
#include <cmath>

#include "perfgate/kernels/kde_cpu.hpp"
#include "perfgate/kernels/kde_gaussian.hpp"

namespace perfgate::kernels {
namespace {

struct ElectrodeTerms {
  std::vector<double> gpi;        // n_pos
  std::vector<double> log_joint;  // n_dec x n_pos
};

const float* row(const std::vector<float>& v, std::size_t i, int dims) { return v.data() + i * dims; }

ElectrodeTerms electrode_terms(const KdeProblem& problem, const KdeElectrode& e, const std::vector<double>& occupancy) {
  const std::size_t n_pos = problem.position_bin_count(), n_enc = problem.encoding_spikes(e), n_dec = problem.decoding_spikes(e);
  const int D = problem.mark_dims, P = problem.position_dims;
  const double rate = problem.mean_rate(e);
  std::vector<double> k_pos(n_enc * n_pos);  // K_pos[s, p]
  for (std::size_t s = 0; s < n_enc; ++s)
    for (std::size_t p = 0; p < n_pos; ++p)
      k_pos[s * n_pos + p] = gaussian_product<double>(row(problem.position_bins, p, P), row(e.encoding_positions, s, P), P,
                                                      kKdePositionSigma);
  ElectrodeTerms terms{std::vector<double>(n_pos, 0.0), std::vector<double>(n_dec * n_pos, 0.0)};
  for (std::size_t s = 0; s < n_enc; ++s)
    for (std::size_t p = 0; p < n_pos; ++p) terms.gpi[p] += k_pos[s * n_pos + p];
  for (std::size_t p = 0; p < n_pos; ++p) terms.gpi[p] = rate * (terms.gpi[p] / n_enc) / occupancy[p];
  std::vector<double> k_mark(n_enc);
  for (std::size_t j = 0; j < n_dec; ++j) {
    for (std::size_t s = 0; s < n_enc; ++s)
      k_mark[s] = gaussian_product<double>(row(e.decoding_marks, j, D), row(e.encoding_marks, s, D), D, kKdeMarkSigma);
    for (std::size_t p = 0; p < n_pos; ++p) {
      double sum = 0.0;
      for (std::size_t s = 0; s < n_enc; ++s) sum += k_mark[s] * k_pos[s * n_pos + p];
      terms.log_joint[j * n_pos + p] = std::log(std::max(rate * sum / n_enc / occupancy[p], kKdeIntensityFloor));
    }
  }
  return terms;
}

}  // namespace

std::vector<double> kde_occupancy_reference(const KdeProblem& problem) {
  const std::size_t n_pos = problem.position_bin_count(), n_samples = problem.position_sample_count();
  const int P = problem.position_dims;
  std::vector<double> occupancy(n_pos, 0.0);
  for (std::size_t p = 0; p < n_pos; ++p) {
    for (std::size_t i = 0; i < n_samples; ++i)
      occupancy[p] += gaussian_product<double>(row(problem.position_bins, p, P), row(problem.position_samples, i, P), P,
                                               kKdePositionSigma);
    occupancy[p] /= static_cast<double>(n_samples);
  }
  return occupancy;
}

std::vector<double> kde_log_likelihood_reference(const KdeProblem& problem) {
  const std::size_t n_pos = problem.position_bin_count();
  const std::vector<double> occupancy = kde_occupancy_reference(problem);
  std::vector<double> ll(static_cast<std::size_t>(problem.time_bins) * n_pos, 0.0);
  for (const KdeElectrode& e : problem.electrodes) {
    const ElectrodeTerms terms = electrode_terms(problem, e, occupancy);
    for (int t = 0; t < problem.time_bins; ++t)
      for (std::size_t p = 0; p < n_pos; ++p) ll[t * n_pos + p] -= terms.gpi[p];
    for (std::size_t j = 0; j < problem.decoding_spikes(e); ++j)  // segment sum into the spike's time bin
      for (std::size_t p = 0; p < n_pos; ++p) ll[e.decoding_time_bins[j] * n_pos + p] += terms.log_joint[j * n_pos + p];
  }
  return ll;
}

}  // namespace perfgate::kernels
