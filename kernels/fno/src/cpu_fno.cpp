#include "perfgate/kernels/cpu_fno.hpp"

#include <cmath>
#include <numbers>

#include "perfgate/kernels/random_inputs.hpp"

namespace perfgate::kernels {
namespace {

using Complex = std::complex<double>;

// The spectrum row of kept mode row `r` (0..2m-1): top rows then bottom rows.
int spectrum_row(const FnoLayerShape& s, int r) { return r < s.modes ? r : s.height - 2 * s.modes + r; }

std::size_t spectral_index(const FnoLayerShape& s, int corner, int i, int o, int kx, int ky) {
  return (((static_cast<std::size_t>(corner) * s.in_channels + i) * s.out_channels + o) * s.modes + kx) * s.modes + ky;
}

// e^{sign 2 pi i k n / N}
Complex twiddle(int k, int n, int size, double sign) {
  const double angle = sign * 2.0 * std::numbers::pi * static_cast<double>(k) * n / size;
  return {std::cos(angle), std::sin(angle)};
}

// The kept modes of one channel's 2-D DFT: [2m rows][m columns].
std::vector<Complex> kept_dft(const FnoLayerShape& s, const float* channel) {
  std::vector<Complex> modes(static_cast<std::size_t>(2) * s.modes * s.modes);
  for (int r = 0; r < 2 * s.modes; ++r)
    for (int ky = 0; ky < s.modes; ++ky) {
      Complex sum = 0.0;
      for (int h = 0; h < s.height; ++h)
        for (int w = 0; w < s.width; ++w)
          sum += static_cast<double>(channel[static_cast<std::size_t>(h) * s.width + w]) *
                 twiddle(spectrum_row(s, r), h, s.height, -1.0) * twiddle(ky, w, s.width, -1.0);
      modes[static_cast<std::size_t>(r) * s.modes + ky] = sum;
    }
  return modes;
}

// C2R of a spectrum that is zero outside the kept modes, as cuFFT reads it.
void inverse_kept(const FnoLayerShape& s, const std::vector<Complex>& modes, double* channel) {
  const double norm = 1.0 / static_cast<double>(s.pixels());
  for (int h = 0; h < s.height; ++h)
    for (int w = 0; w < s.width; ++w) {
      double sum = 0.0;
      for (int r = 0; r < 2 * s.modes; ++r)
        for (int ky = 0; ky < s.modes; ++ky) {
          const double weight = (ky == 0 || 2 * ky == s.width) ? 1.0 : 2.0;
          sum += weight * (modes[static_cast<std::size_t>(r) * s.modes + ky] * twiddle(spectrum_row(s, r), h, s.height, 1.0) *
                           twiddle(ky, w, s.width, 1.0)).real();
        }
      channel[static_cast<std::size_t>(h) * s.width + w] = sum * norm;
    }
}

double gelu(double v) { return 0.5 * v * (1.0 + std::erf(v / std::numbers::sqrt2)); }

}  // namespace

FnoLayerWeights random_fno_layer_weights(const FnoLayerShape& s, unsigned long long seed) {
  FnoLayerWeights w;
  const std::size_t count = static_cast<std::size_t>(2) * s.in_channels * s.out_channels * s.modes * s.modes;
  const float scale = 1.0f / (static_cast<float>(s.in_channels) * s.out_channels);
  const std::vector<float> re = random_floats(count, seed, 0.0f, scale), im = random_floats(count, seed + 1, 0.0f, scale);
  for (std::size_t k = 0; k < count; ++k) w.spectral.emplace_back(re[k], im[k]);
  const float bound = 1.0f / std::sqrt(static_cast<float>(s.in_channels));
  w.linear = random_floats(static_cast<std::size_t>(s.out_channels) * s.in_channels, seed + 2, -bound, bound);
  w.bias = random_floats(static_cast<std::size_t>(s.out_channels), seed + 3, -bound, bound);
  return w;
}

std::vector<double> cpu_spectral_conv_reference(const FnoLayerShape& s, const std::vector<float>& x, const FnoLayerWeights& w) {
  std::vector<double> out(s.output_elements());
  const std::size_t kept = static_cast<std::size_t>(2) * s.modes * s.modes;
  for (int b = 0; b < s.batch; ++b) {
    std::vector<std::vector<Complex>> in_modes;
    for (int i = 0; i < s.in_channels; ++i)
      in_modes.push_back(kept_dft(s, x.data() + (static_cast<std::size_t>(b) * s.in_channels + i) * s.pixels()));
    for (int o = 0; o < s.out_channels; ++o) {
      std::vector<Complex> mixed(kept, 0.0);
      for (int r = 0; r < 2 * s.modes; ++r)
        for (int ky = 0; ky < s.modes; ++ky) {
          const int corner = r < s.modes ? 0 : 1, kx = r % s.modes;
          Complex sum = 0.0;
          for (int i = 0; i < s.in_channels; ++i)
            sum += in_modes[i][static_cast<std::size_t>(r) * s.modes + ky] *
                   Complex(w.spectral[spectral_index(s, corner, i, o, kx, ky)]);
          mixed[static_cast<std::size_t>(r) * s.modes + ky] = sum;
        }
      inverse_kept(s, mixed, out.data() + (static_cast<std::size_t>(b) * s.out_channels + o) * s.pixels());
    }
  }
  return out;
}

std::vector<double> cpu_fno_layer_reference(const FnoLayerShape& s, const std::vector<float>& x, const FnoLayerWeights& w,
                                            bool apply_gelu) {
  std::vector<double> y = cpu_spectral_conv_reference(s, x, w);
  for (int b = 0; b < s.batch; ++b)
    for (int o = 0; o < s.out_channels; ++o)
      for (std::size_t p = 0; p < s.pixels(); ++p) {
        double v = y[(static_cast<std::size_t>(b) * s.out_channels + o) * s.pixels() + p] + w.bias[o];
        for (int i = 0; i < s.in_channels; ++i)
          v += static_cast<double>(w.linear[static_cast<std::size_t>(o) * s.in_channels + i]) *
               x[(static_cast<std::size_t>(b) * s.in_channels + i) * s.pixels() + p];
        y[(static_cast<std::size_t>(b) * s.out_channels + o) * s.pixels() + p] = apply_gelu ? gelu(v) : v;
      }
  return y;
}

}  // namespace perfgate::kernels
