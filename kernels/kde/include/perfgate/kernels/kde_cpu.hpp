#pragma once
// The KDE log-likelihood on the CPU: LL[t, p] (time_bins x n_pos,
// row-major) = -sum_e gpi_e[p] + sum_e sum_{j in bin t} log_joint_e[j, p],
// with (per electrode e, n_enc encoding spikes s, decoding spikes j)
//   occupancy[p]     = mean over trajectory samples of N(bin_p | sample, sigma_pos)
//   K_pos[s,p]       = prod_P N(bin_p | enc_pos_s, sigma_pos)
//   K_mark[s,j]      = prod_D N(dec_mark_j | enc_mark_s, sigma_mark)
//   gpi_e[p]         = rate_e * (sum_s K_pos[s,p] / n_enc) / occupancy[p]
//   log_joint_e[j,p] = log(max(rate_e * (sum_s K_mark[s,j] K_pos[s,p]) / n_enc / occupancy[p], 1e-15))

#include <vector>

#include "perfgate/kernels/kde_problem.hpp"

namespace perfgate::kernels {

// The definition above in float64: the reference every variant is checked against.
std::vector<double> kde_log_likelihood_reference(const KdeProblem& problem);

// occupancy[p] in float64.
std::vector<double> kde_occupancy_reference(const KdeProblem& problem);

// The optimized (compensated-linear) algorithm in float32, step for step
// as the GPU runs it (decoding spikes in blocks of `block_size`, position
// bins in tiles of `pos_tile`), so its numerics are checked on any machine.
std::vector<float> kde_log_likelihood_compensated(const KdeProblem& problem, int block_size = 1024, int pos_tile = 2048);

}  // namespace perfgate::kernels
