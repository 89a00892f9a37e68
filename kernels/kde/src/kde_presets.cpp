#include "perfgate/kernels/kde_presets.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>
#include <string>

namespace perfgate::kernels {
namespace {

constexpr KdePreset kPresets[] = {
    // name, samples, time bins, electrodes, enc/elec, dec/elec, D, P, grid
    {"tiny", 100, 50, 4, 20, 10, 2, 1, 100, 1},
    {"small", 500, 100, 8, 50, 30, 2, 1, 200, 1},
    {"medium", 2000, 500, 16, 200, 100, 2, 1, 500, 1},
    {"large", 5000, 1000, 32, 500, 300, 2, 1, 1000, 1},
    {"realistic", 10000, 2000, 64, 1000, 400, 2, 1, 2000, 1},
    {"production", 10000, 2000, 22, 1000, 400, 4, 2, 57, 60},
};

// Laps of the trajectory over the track, whatever its length, so every
// preset's occupancy covers the track (tiny has only 100 samples).
constexpr double kLaps = 2.0;
// 2-D: a Lissajous path with incommensurate frequencies whose passes lie a
// few units apart, so the whole arena is visited.
constexpr double kArenaFrequencyX = 7.0, kArenaFrequencyY = 11.0;

// Bin centres of an even grid over [0, length) per dimension, x fastest.
std::vector<float> grid_centres(const KdePreset& preset) {
  std::vector<float> bins;
  for (int iy = 0; iy < preset.grid_y; ++iy)
    for (int ix = 0; ix < preset.grid_x; ++ix) {
      bins.push_back((ix + 0.5f) * kKdeTrackLength / preset.grid_x);
      if (preset.position_dims == 2) bins.push_back((iy + 0.5f) * kKdeTrackLength / preset.grid_y);
    }
  return bins;
}

// Back-and-forth runs (1-D) or a Lissajous path (2-D) from a random phase.
std::vector<float> trajectory(const KdePreset& preset, std::mt19937_64& rng) {
  const double phase = std::uniform_real_distribution<double>(0.0, 2.0 * std::numbers::pi)(rng);
  const double half = kKdeTrackLength / 2.0;
  std::vector<float> samples;
  for (int i = 0; i < preset.position_samples; ++i) {
    const double u = 2.0 * std::numbers::pi * i / preset.position_samples;
    if (preset.position_dims == 1) {
      samples.push_back(static_cast<float>(half - half * std::cos(kLaps * u + phase)));
    } else {
      samples.push_back(static_cast<float>(half - half * std::cos(kArenaFrequencyX * u + phase)));
      samples.push_back(static_cast<float>(half - half * std::cos(kArenaFrequencyY * u + 0.5 * phase)));
    }
  }
  return samples;
}

// Marks from a mixture of clusters, each electrode its own.
struct MarkMixture {
  std::vector<float> centres;  // clusters x D
  int dims;
  MarkMixture(int d, std::mt19937_64& rng) : dims(d) {
    std::uniform_real_distribution<float> uniform(0.0f, kKdeMarkRange);
    for (int i = 0; i < kKdeClustersPerElectrode * d; ++i) centres.push_back(uniform(rng));
  }
  void draw(std::size_t count, std::mt19937_64& rng, std::vector<float>* marks) const {
    std::uniform_int_distribution<int> cluster(0, kKdeClustersPerElectrode - 1);
    std::normal_distribution<float> spread(0.0f, kKdeClusterSpread);
    for (std::size_t i = 0; i < count; ++i) {
      const int c = cluster(rng);
      for (int d = 0; d < dims; ++d) marks->push_back(centres[c * dims + d] + spread(rng));
    }
  }
};

KdeElectrode make_electrode(const KdePreset& preset, const std::vector<float>& samples, std::mt19937_64& rng) {
  KdeElectrode e;
  // At least one encoding spike: the rate and the KDE divide by n_enc.
  const std::size_t n_enc = std::max<std::size_t>(1, std::poisson_distribution<int>(preset.encoding_spikes)(rng));
  const std::size_t n_dec = std::poisson_distribution<int>(preset.decoding_spikes)(rng);
  const MarkMixture mixture(preset.mark_dims, rng);
  mixture.draw(n_enc, rng, &e.encoding_marks);
  mixture.draw(n_dec, rng, &e.decoding_marks);
  // An encoding spike's position is the trajectory's at a random sample.
  std::uniform_int_distribution<int> sample(0, preset.position_samples - 1);
  for (std::size_t s = 0; s < n_enc; ++s) {
    const int i = sample(rng);
    for (int d = 0; d < preset.position_dims; ++d) e.encoding_positions.push_back(samples[i * preset.position_dims + d]);
  }
  std::uniform_int_distribution<int> bin(0, preset.time_bins - 1);
  for (std::size_t j = 0; j < n_dec; ++j) e.decoding_time_bins.push_back(bin(rng));
  std::sort(e.decoding_time_bins.begin(), e.decoding_time_bins.end());
  return e;
}

}  // namespace

std::span<const KdePreset> kde_presets() { return kPresets; }

const KdePreset& kde_preset(std::string_view name) {
  for (const KdePreset& p : kPresets)
    if (name == p.name) return p;
  throw std::invalid_argument("unknown KDE preset: " + std::string(name));
}

KdeProblem make_kde_problem(const KdePreset& preset, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  KdeProblem problem;
  problem.mark_dims = preset.mark_dims;
  problem.position_dims = preset.position_dims;
  problem.time_bins = preset.time_bins;
  problem.position_bins = grid_centres(preset);
  problem.position_samples = trajectory(preset, rng);
  for (int e = 0; e < preset.electrodes; ++e) problem.electrodes.push_back(make_electrode(preset, problem.position_samples, rng));
  return problem;
}

}  // namespace perfgate::kernels
