#pragma once
// Float64 CPU reference of the FNO layer (Li et al. 2020):
//   y = GELU(SpectralConv(x) + W x + bias)
// SpectralConv: R2C 2-D DFT per channel, out[b,o,k] = sum_i X[b,i,k] W1[i,o,k]
// for the kept modes k of the top corner (rows 0..m-1, columns 0..m-1) and
// W2 for the bottom corner (rows H-m..H-1), every other mode zero, then the
// C2R inverse (normalised by 1/(H W)).  The inverse treats the spectrum as
// cuFFT's C2R does: each row's column 0 (and W/2) contributes its real part
// once, other columns twice (Hermitian symmetry).  Computed by direct DFTs
// over the kept modes only: O(H W m^2) per channel, for test sizes.

#include <complex>
#include <vector>

#include "perfgate/kernels/fno_shape.hpp"

namespace perfgate::kernels {

// Host copy of a layer's parameters.  Spectral weights are indexed
// [corner][i][o][kx][ky] (corner 0 = top rows, 1 = bottom rows).
struct FnoLayerWeights {
  std::vector<std::complex<float>> spectral;  // 2 x Cin x Cout x m x m
  std::vector<float> linear;                  // Cout x Cin
  std::vector<float> bias;                    // Cout
};

// Random weights: spectral real and imaginary parts U[0,1)/(Cin Cout) as
// the original, linear and bias U[-1/sqrt(Cin), 1/sqrt(Cin)).
FnoLayerWeights random_fno_layer_weights(const FnoLayerShape& shape, unsigned long long seed);

std::vector<double> cpu_spectral_conv_reference(const FnoLayerShape& shape, const std::vector<float>& x,
                                                const FnoLayerWeights& w);
std::vector<double> cpu_fno_layer_reference(const FnoLayerShape& shape, const std::vector<float>& x,
                                            const FnoLayerWeights& w, bool gelu = true);

}  // namespace perfgate::kernels
