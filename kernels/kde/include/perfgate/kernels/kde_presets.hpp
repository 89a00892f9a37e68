#pragma once
// The workload sizes of non_local_detector's scripts/profile_clusterless_kde.py
// (tiny .. realistic: 1-D position over 0..100, 2 mark features), and the
// production shape of its GPU plan (22 tetrodes, 4 features, 2-D position,
// 3420 bins; 2000 time bins of its 709k).  Spike counts are Poisson with the
// preset's means.  Unlike the profiler (marks N(0, 1), where the 24-wide
// mark kernel is ~1 everywhere) each electrode's marks come from a few
// clusters spread over [0, 300] per feature, so K_mark varies over many
// orders of magnitude as with real waveform amplitudes.

#include <cstdint>
#include <span>
#include <string_view>

#include "perfgate/kernels/kde_problem.hpp"

namespace perfgate::kernels {

struct KdePreset {
  const char* name;
  int position_samples;    // trajectory length (the original's "enc samples")
  int time_bins;           // decoding time bins
  int electrodes;
  double encoding_spikes;  // Poisson mean per electrode
  double decoding_spikes;  // Poisson mean per electrode
  int mark_dims;
  int position_dims;
  int grid_x, grid_y;      // position bins along each dimension (grid_y = 1 in 1-D)
  int position_bins() const { return grid_x * grid_y; }
};

// Mark clusters per electrode, their centres uniform over [0, kKdeMarkRange]
// per feature, marks N(centre, kKdeClusterSpread) around them.
inline constexpr int kKdeClustersPerElectrode = 4;
inline constexpr float kKdeMarkRange = 300.0f;
inline constexpr float kKdeClusterSpread = 20.0f;
// The position track (or arena side) spans 0..kKdeTrackLength.
inline constexpr float kKdeTrackLength = 100.0f;

// tiny, small, medium, large, realistic, production.
std::span<const KdePreset> kde_presets();
// Throws std::invalid_argument for an unknown name.
const KdePreset& kde_preset(std::string_view name);

// A problem of the preset's shape, the same for the same seed.
KdeProblem make_kde_problem(const KdePreset& preset, std::uint64_t seed);

}  // namespace perfgate::kernels
