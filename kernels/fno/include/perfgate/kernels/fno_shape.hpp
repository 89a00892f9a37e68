#pragma once
// The shape of one Fourier-neural-operator layer and the work it declares.
// Tensors are NCHW float32: (batch, channels, height, width).  The spectral
// convolution keeps `modes` x `modes` frequencies in both corners of the
// first (row) axis of the R2C spectrum, which is height x (width/2 + 1).
//
// FLOP convention (stated in docs/design.md): a 2-D FFT of N = height x width
// points counts 5 N log2 N, for R2C and C2R alike, per channel; a complex
// multiply-add counts 8; a GEMM 2 m n k; element-wise operations count
// nothing (they are memory-bound and a rounding error of the total).

#include <cmath>
#include <cstddef>

#include "perfgate/kernels/host_device.hpp"

namespace perfgate::kernels {

struct FnoLayerShape {
  int batch = 1;
  int in_channels = 64;
  int out_channels = 64;
  int height = 64;
  int width = 64;
  int modes = 16;

  PERFGATE_HOST_DEVICE int spectrum_width() const { return width / 2 + 1; }
  PERFGATE_HOST_DEVICE int kept_modes() const { return 2 * modes * modes; }  // both corners
  std::size_t pixels() const { return static_cast<std::size_t>(height) * width; }
  std::size_t input_elements() const { return static_cast<std::size_t>(batch) * in_channels * pixels(); }
  std::size_t output_elements() const { return static_cast<std::size_t>(batch) * out_channels * pixels(); }
  std::size_t spectrum_elements(int channels) const {
    return static_cast<std::size_t>(batch) * channels * height * spectrum_width();
  }

  double fft_flops(int channels) const {
    const double n = static_cast<double>(pixels());
    return static_cast<double>(batch) * channels * 5.0 * n * std::log2(n);
  }
  double mixing_flops() const { return 8.0 * batch * kept_modes() * static_cast<double>(in_channels) * out_channels; }
  double linear_flops() const { return 2.0 * batch * static_cast<double>(pixels()) * in_channels * out_channels; }
  // forward FFT + mixing + inverse FFT + the pointwise linear
  double layer_flops() const { return fft_flops(in_channels) + mixing_flops() + fft_flops(out_channels) + linear_flops(); }
  // Memory traffic of a layer, each pass reading and writing its operands
  // once: R2C (x in, x_hat out), clearing y_hat, C2R (y_hat in, spatial
  // out), the linear (x in, product out), the epilogue (spatial and
  // product in, y out).  The kept modes the mixing touches are left out
  // (2 m^2 of H (W/2+1) per channel).
  double layer_bytes() const {
    const double x = 4.0 * input_elements(), y = 4.0 * output_elements();
    const double x_hat = 8.0 * spectrum_elements(in_channels), y_hat = 8.0 * spectrum_elements(out_channels);
    return (x + x_hat) + y_hat + (y_hat + y) + (x + y) + 3.0 * y;
  }
};

}  // namespace perfgate::kernels
