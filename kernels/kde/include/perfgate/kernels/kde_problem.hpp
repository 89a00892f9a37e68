#pragma once
// Clusterless KDE decoding (LorenFrankLab/non_local_detector,
// likelihoods/clusterless_kde.py and clusterless_kde_log.py): the data one
// log-likelihood call works on.  Per electrode, encoding spikes (marks:
// waveform features, and the animal's position when they fired) and
// decoding spikes (marks and the time bin they fall in); the position bins
// the likelihood is evaluated at; the animal's trajectory, for the
// occupancy.  All arrays are row-major floats, as the GPU holds them.

#include <cstddef>
#include <vector>

namespace perfgate::kernels {

// Position sampling interval and decoding time bin: 500 Hz.
inline constexpr double kKdeTimeStep = 1.0 / 500.0;
// Kernel widths of the original: 24 in every mark feature, sqrt(12.5) in
// every position dimension.
inline constexpr float kKdeMarkSigma = 24.0f;
inline constexpr float kKdePositionSigma = 3.53553390593273762f;  // sqrt(12.5)
// log_joint is clipped at log(1e-15), as in the original.
inline constexpr double kKdeIntensityFloor = 1e-15;

struct KdeElectrode {
  std::vector<float> encoding_marks;      // n_enc x mark_dims
  std::vector<float> encoding_positions;  // n_enc x position_dims
  std::vector<float> decoding_marks;      // n_dec x mark_dims
  std::vector<int> decoding_time_bins;    // n_dec, ascending, in [0, time_bins)
};

struct KdeProblem {
  int mark_dims = 2;
  int position_dims = 1;
  int time_bins = 0;
  std::vector<float> position_bins;     // n_pos x position_dims: bin centres
  std::vector<float> position_samples;  // n_samples x position_dims: the trajectory
  std::vector<KdeElectrode> electrodes;

  std::size_t position_bin_count() const { return position_bins.size() / position_dims; }
  std::size_t position_sample_count() const { return position_samples.size() / position_dims; }
  std::size_t encoding_spikes(const KdeElectrode& e) const { return e.encoding_marks.size() / mark_dims; }
  std::size_t decoding_spikes(const KdeElectrode& e) const { return e.decoding_time_bins.size(); }
  std::size_t total_encoding_spikes() const;
  std::size_t total_decoding_spikes() const;
  std::size_t max_encoding_spikes() const;
  std::size_t max_decoding_spikes() const;
  // Mean firing rate per time step (kKdeTimeStep): n_enc / n_samples, the
  // encoding spikes over the trajectory's samples.  Per step, as the
  // original decoder uses it: the likelihood of a time bin weighs the
  // expected spike count in that bin (-sum_e gpi_e) against the spikes seen.
  // (In Hz the expected-count term would be 500x too large and swamp LL.)
  double mean_rate(const KdeElectrode& e) const;
};

}  // namespace perfgate::kernels
