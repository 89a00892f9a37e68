// The clusterless KDE's CPU parts: the Gaussian kernels, the presets'
// sizes and mark spread, the float32 compensated-linear algorithm against
// the float64 reference, and the device-memory estimate.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "perfgate/kernels/kde_cost.hpp"
#include "perfgate/kernels/kde_cpu.hpp"
#include "perfgate/kernels/kde_gaussian.hpp"
#include "perfgate/kernels/kde_presets.hpp"
#include "perfgate/kernels/random_inputs.hpp"

namespace perfgate::kernels {
namespace {

TEST(KdeGaussian, MatchesHandValues) {
  // N(0 | 0, 1) = 1 / sqrt(2 pi); N(1 | 0, 1) = exp(-1/2) / sqrt(2 pi).
  EXPECT_NEAR(gaussian(0.0, 0.0, 1.0), 0.3989422804014327, 1e-15);
  EXPECT_NEAR(gaussian(1.0, 0.0, 1.0), 0.24197072451914337, 1e-15);
  // N(30 | 6, 24) = exp(-1/2) / (24 sqrt(2 pi)).
  EXPECT_NEAR(gaussian(30.0, 6.0, 24.0), 0.24197072451914337 / 24.0, 1e-15);
  EXPECT_NEAR(gaussian(30.0f, 6.0f, 24.0f), 0.24197072451914337 / 24.0, 1e-8);
}

TEST(KdeGaussian, ProductIsOverDimensions) {
  const float x[] = {1.0f, 2.0f, 4.0f}, mu[] = {0.0f, 0.0f, 3.0f};
  // Per dimension z = 1, 2, 1 at sigma 1: exp(-(1 + 4 + 1) / 2) / (2 pi)^(3/2).
  const double want = std::exp(-3.0) / std::pow(2.0 * 3.141592653589793, 1.5);
  EXPECT_NEAR(gaussian_product<double>(x, mu, 3, 1.0), want, 1e-15);
  EXPECT_NEAR(gaussian_product<double>(x, mu, 1, 1.0), 0.24197072451914337, 1e-15);
}

// Poisson totals over the electrodes within 5 standard deviations.
void expect_poisson_total(std::size_t total, double mean_per_electrode, int electrodes, const char* what) {
  const double mean = mean_per_electrode * electrodes;
  EXPECT_NEAR(static_cast<double>(total), mean, 5.0 * std::sqrt(mean)) << what;
}

TEST(KdePresets, HaveTheTableSizes) {
  const std::uint64_t seed = fresh_seed();
  ASSERT_EQ(kde_presets().size(), 6u);
  for (const KdePreset& preset : kde_presets()) {
    SCOPED_TRACE(preset.name);
    const KdeProblem problem = make_kde_problem(preset, seed);
    EXPECT_EQ(problem.electrodes.size(), static_cast<std::size_t>(preset.electrodes));
    EXPECT_EQ(problem.position_sample_count(), static_cast<std::size_t>(preset.position_samples));
    EXPECT_EQ(problem.position_bin_count(), static_cast<std::size_t>(preset.position_bins()));
    EXPECT_EQ(problem.time_bins, preset.time_bins);
    expect_poisson_total(problem.total_encoding_spikes(), preset.encoding_spikes, preset.electrodes, "encoding spikes");
    expect_poisson_total(problem.total_decoding_spikes(), preset.decoding_spikes, preset.electrodes, "decoding spikes");
    for (const KdeElectrode& e : problem.electrodes) {
      EXPECT_EQ(e.encoding_positions.size(), problem.encoding_spikes(e) * preset.position_dims);
      EXPECT_EQ(e.decoding_marks.size(), problem.decoding_spikes(e) * preset.mark_dims);
      EXPECT_TRUE(std::is_sorted(e.decoding_time_bins.begin(), e.decoding_time_bins.end()));
      for (int bin : e.decoding_time_bins) ASSERT_TRUE(bin >= 0 && bin < preset.time_bins);
    }
  }
  const KdePreset& table_row = kde_preset("realistic");
  EXPECT_EQ(table_row.position_samples, 10000);
  EXPECT_EQ(table_row.time_bins, 2000);
  EXPECT_EQ(table_row.electrodes, 64);
  EXPECT_EQ(table_row.encoding_spikes, 1000);
  EXPECT_EQ(table_row.decoding_spikes, 400);
  EXPECT_EQ(table_row.position_bins(), 2000);
  const KdePreset& production = kde_preset("production");
  EXPECT_EQ(production.position_bins(), 3420);
  EXPECT_EQ(production.mark_dims, 4);
  EXPECT_EQ(production.position_dims, 2);
  EXPECT_THROW(kde_preset("huge"), std::invalid_argument);
}

// Standard deviation of one mark feature over every electrode's encoding spikes.
double mark_std(const KdeProblem& problem, int feature) {
  std::vector<double> values;
  for (const KdeElectrode& e : problem.electrodes)
    for (std::size_t s = 0; s < problem.encoding_spikes(e); ++s) values.push_back(e.encoding_marks[s * problem.mark_dims + feature]);
  const double mean = std::accumulate(values.begin(), values.end(), 0.0) / values.size();
  double sq = 0.0;
  for (double v : values) sq += (v - mean) * (v - mean);
  return std::sqrt(sq / values.size());
}

TEST(KdePresets, MarksSpreadFarBeyondTheKernelWidth) {
  const std::uint64_t seed = fresh_seed();
  for (const char* name : {"tiny", "small", "production"}) {
    const KdeProblem problem = make_kde_problem(kde_preset(name), seed);
    for (int d = 0; d < problem.mark_dims; ++d) EXPECT_GT(mark_std(problem, d), 50.0) << name << " feature " << d << " seed " << seed;
  }
}

// Marks drawn N(0, 1), as the original profiler did: K_mark would be ~1
// (relative) everywhere.  Over a small preset, K_mark between decoding and
// encoding spikes must span many orders of magnitude.
TEST(KdePresets, MarkKernelIsFarFromConstant) {
  const std::uint64_t seed = fresh_seed();
  const KdeProblem problem = make_kde_problem(kde_preset("small"), seed);
  double smallest = INFINITY, largest = 0.0;
  for (const KdeElectrode& e : problem.electrodes)
    for (std::size_t j = 0; j < problem.decoding_spikes(e); ++j)
      for (std::size_t s = 0; s < problem.encoding_spikes(e); ++s) {
        const double k = gaussian_product<double>(&e.decoding_marks[j * problem.mark_dims], &e.encoding_marks[s * problem.mark_dims],
                                                  problem.mark_dims, kKdeMarkSigma);
        smallest = std::min(smallest, k);
        largest = std::max(largest, k);
      }
  ASSERT_GT(largest, 0.0);
  EXPECT_GT(std::log10(largest) - std::log10(std::max(smallest, 1e-300)), 20.0) << "seed " << seed;
}

// |a - b| <= atol + rtol |b| element by element; reports the worst element.
void expect_close(const std::vector<float>& got, const std::vector<double>& want, double rtol, double atol, std::uint64_t seed) {
  ASSERT_EQ(got.size(), want.size());
  std::size_t bad = 0, worst = 0;
  double worst_excess = -INFINITY;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double excess = std::abs(got[i] - want[i]) - (atol + rtol * std::abs(want[i]));
    if (excess > 0) ++bad;
    if (excess > worst_excess) worst_excess = excess, worst = i;
  }
  EXPECT_EQ(bad, 0u) << "seed " << seed << ": worst at " << worst << " got " << got[worst] << " want " << want[worst];
}

TEST(KdeCompensated, Float32AlgorithmMatchesTheFloat64Reference) {
  for (const char* name : {"tiny", "small"}) {
    const std::uint64_t seed = fresh_seed();
    SCOPED_TRACE(name);
    const KdeProblem problem = make_kde_problem(kde_preset(name), seed);
    const std::vector<double> want = kde_log_likelihood_reference(problem);
    for (double v : want) ASSERT_TRUE(std::isfinite(v));
    expect_close(kde_log_likelihood_compensated(problem), want, 1e-4, 1e-5, seed);
    // Small blocks and tiles: the blocking changes nothing but the order.
    expect_close(kde_log_likelihood_compensated(problem, 7, 33), want, 1e-4, 1e-5, seed);
  }
}

// The reference is the definition: one electrode, one encoding and one
// decoding spike, one bin, one sample, worked by hand.
TEST(KdeReference, OneSpikeByHand) {
  KdeProblem p;
  p.mark_dims = 1;
  p.position_dims = 1;
  p.time_bins = 2;
  p.position_bins = {10.0f};
  p.position_samples = {10.0f};
  p.electrodes.push_back({{0.0f}, {10.0f}, {24.0f}, {1}});
  const double sigma_pos = std::sqrt(12.5), occupancy = gaussian(0.0, 0.0, sigma_pos);
  const double rate = 1.0;  // one encoding spike over one position sample: one spike per time step
  const double gpi = rate * gaussian(0.0, 0.0, sigma_pos) / occupancy;
  const double log_joint = std::log(rate * gaussian(24.0, 0.0, 24.0) * gaussian(0.0, 0.0, sigma_pos) / occupancy);
  const std::vector<double> ll = kde_log_likelihood_reference(p);
  ASSERT_EQ(ll.size(), 2u);
  EXPECT_NEAR(ll[0], -gpi, 1e-9);
  EXPECT_NEAR(ll[1], -gpi + log_joint, 1e-9);
}

TEST(KdeMemoryEstimate, GrowsWithThePreset) {
  const std::uint64_t seed = fresh_seed();
  for (KdeVariant variant : {KdeVariant::reference, KdeVariant::optimized}) {
    std::size_t previous = 0;
    for (const KdePreset& preset : kde_presets()) {
      const std::size_t bytes = kde_memory_estimate(make_kde_problem(preset, seed), variant);
      EXPECT_GT(bytes, previous) << preset.name << " " << to_string(variant);
      previous = bytes;
    }
  }
}

// Two electrodes (3 and 1 encoding spikes, 2 and 0 decoding spikes), D = 2,
// P = 1, 5 bins, 4 samples, 3 time bins; every buffer counted by hand.
TEST(KdeMemoryEstimate, IsTheSumOfTheBuffers) {
  KdeProblem p;
  p.mark_dims = 2;
  p.position_dims = 1;
  p.time_bins = 3;
  p.position_bins = {10, 30, 50, 70, 90};
  p.position_samples = {0, 25, 50, 75};
  p.electrodes.push_back({{1, 2, 3, 4, 5, 6}, {1, 2, 3}, {7, 8, 9, 10}, {0, 2}});
  p.electrodes.push_back({{1, 2}, {4}, {}, {}});
  const std::size_t inputs = 4 * (4 * 2 + 4 * 1 + 2 * 2 + 2 + 2 + (2 * 3 + 2) + 5 + 4);
  const std::size_t outputs = 4 * (5 + 5 + 3 * 5);
  EXPECT_EQ(kde_memory_estimate(p, KdeVariant::reference), inputs + outputs);
  // Blocks of min(1024, 2) decoding spikes, tiles of min(2048, 5) bins,
  // at most 3 encoding spikes per electrode.
  const std::size_t workspace = 4 * ((4 + 2) * 2 + 2 * 3 + 2 + 3 * 5 + 5 + 2 * 5);
  EXPECT_EQ(kde_memory_estimate(p, KdeVariant::optimized), inputs + outputs + workspace);
  // Tiles of 2 bins bound B and A B by the tile.
  const std::size_t tiled = 4 * ((4 + 2) * 2 + 1 * 3 + 1 + 3 * 2 + 2 + 1 * 2);
  EXPECT_EQ(kde_memory_estimate(p, KdeVariant::optimized, 1, 2), inputs + outputs + tiled);
}

TEST(KdeWork, GemmPathCountsTheProductGemm) {
  const KdeProblem p = make_kde_problem(kde_preset("tiny"), 1);
  double product = 0.0;
  for (const KdeElectrode& e : p.electrodes)
    product += 2.0 * p.decoding_spikes(e) * p.encoding_spikes(e) * p.position_bin_count();
  const KdeWork optimized = kde_work(p, KdeVariant::optimized), reference = kde_work(p, KdeVariant::reference);
  EXPECT_GT(optimized.flops, product);
  EXPECT_LT(optimized.flops, 2.0 * product + 1e7);
  EXPECT_GT(reference.flops, optimized.flops);
  EXPECT_GT(optimized.bytes_read, reference.bytes_read);
  EXPECT_EQ(reference.bytes_written, 4.0 * p.time_bins * p.position_bin_count());
}

}  // namespace
}  // namespace perfgate::kernels
