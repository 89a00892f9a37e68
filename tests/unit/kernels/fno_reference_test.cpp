// The FNO layer's float64 reference: a kept Fourier mode passes through
// identity weights unchanged, a dropped one vanishes, and the work follows
// the stated FLOP convention.

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "perfgate/kernels/cpu_fno.hpp"

namespace perfgate::kernels {
namespace {

FnoLayerShape small_shape() { return FnoLayerShape{1, 2, 2, 16, 12, 4}; }

// Identity mixing: W[corner][i][o] = 1 when i == o.
FnoLayerWeights identity(const FnoLayerShape& s) {
  FnoLayerWeights w;
  w.spectral.assign(static_cast<std::size_t>(2) * s.in_channels * s.out_channels * s.modes * s.modes, {0.0f, 0.0f});
  for (int corner = 0; corner < 2; ++corner)
    for (int c = 0; c < s.in_channels; ++c)
      for (int k = 0; k < s.modes * s.modes; ++k)
        w.spectral[((static_cast<std::size_t>(corner) * s.in_channels + c) * s.out_channels + c) * s.modes * s.modes + k] = {1.0f, 0.0f};
  w.linear.assign(static_cast<std::size_t>(s.out_channels) * s.in_channels, 0.0f);
  w.bias.assign(s.out_channels, 0.0f);
  return w;
}

// cos(2 pi (kx h / H + ky w / W)) in every channel.
std::vector<float> wave(const FnoLayerShape& s, int kx, int ky) {
  std::vector<float> x(s.input_elements());
  for (int c = 0; c < s.in_channels; ++c)
    for (int h = 0; h < s.height; ++h)
      for (int w = 0; w < s.width; ++w)
        x[(static_cast<std::size_t>(c) * s.height + h) * s.width + w] =
            static_cast<float>(std::cos(2 * std::numbers::pi * (double(kx) * h / s.height + double(ky) * w / s.width)));
  return x;
}

// The input is float: its rounding (~6e-8) bounds the agreement.
double largest_difference(const std::vector<double>& got, const std::vector<float>& want) {
  double worst = 0.0;
  for (std::size_t i = 0; i < got.size(); ++i) worst = std::max(worst, std::abs(got[i] - want[i]));
  return worst;
}

TEST(FnoReference, KeptModesPassThroughIdentityWeights) {
  const FnoLayerShape s = small_shape();
  for (auto [kx, ky] : {std::pair{0, 0}, std::pair{2, 0}, std::pair{1, 2}, std::pair{3, 3}, std::pair{-2, 1}}) {
    const std::vector<float> x = wave(s, kx, ky);
    EXPECT_LT(largest_difference(cpu_spectral_conv_reference(s, x, identity(s)), x), 1e-6) << kx << "," << ky;
  }
}

TEST(FnoReference, ModesOutsideTheCornersAreDropped) {
  const FnoLayerShape s = small_shape();
  const std::vector<float> zero(s.input_elements(), 0.0f);
  for (auto [kx, ky] : {std::pair{6, 1}, std::pair{1, 5}}) {  // row 6 of 16 and column 5 are not kept with m = 4
    EXPECT_LT(largest_difference(cpu_spectral_conv_reference(s, wave(s, kx, ky), identity(s)), zero), 1e-6) << kx << "," << ky;
  }
}

TEST(FnoReference, TheLayerAddsTheLinearPartAndAppliesGelu) {
  FnoLayerShape s = small_shape();
  FnoLayerWeights w = identity(s);
  std::fill(w.spectral.begin(), w.spectral.end(), std::complex<float>(0.0f, 0.0f));
  w.linear = {2.0f, 0.0f, 0.0f, -1.0f};
  w.bias = {0.5f, 0.0f};
  const std::vector<float> x = wave(s, 1, 1);
  const std::vector<double> y = cpu_fno_layer_reference(s, x, w);
  const double v0 = 2.0 * x[5] + 0.5, v1 = -1.0 * x[s.pixels() + 5];
  EXPECT_NEAR(y[5], 0.5 * v0 * (1 + std::erf(v0 / std::numbers::sqrt2)), 1e-12);
  EXPECT_NEAR(y[s.pixels() + 5], 0.5 * v1 * (1 + std::erf(v1 / std::numbers::sqrt2)), 1e-12);
}

TEST(FnoShape, WorkFollowsTheStatedConvention) {
  const FnoLayerShape fno64{64, 64, 64, 64, 64, 16};
  EXPECT_DOUBLE_EQ(fno64.mixing_flops(), 8.0 * 64 * 512 * 64 * 64);           // 1.07 GFLOP, as the original
  EXPECT_DOUBLE_EQ(fno64.linear_flops(), 2.0 * 64 * 4096 * 64 * 64);          // 2.15 GFLOP
  EXPECT_DOUBLE_EQ(fno64.fft_flops(64), 64.0 * 64 * 5 * 4096 * 12);           // 5 N log2 N per channel
  EXPECT_EQ(fno64.spectrum_width(), 33);
}

}  // namespace
}  // namespace perfgate::kernels
