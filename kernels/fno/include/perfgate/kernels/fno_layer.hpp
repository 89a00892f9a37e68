#pragma once
// One FNO layer on the GPU, y = GELU(SpectralConv(x) + W x + bias), with
// the spectral mixing in two variants:
//   basic: one thread per output mode (b, o, kx, ky), looping over the
//          input channels (the direct port of the einsum);
//   gemm:  the kept modes gathered mode-major, one cublasCgemmStridedBatched
//          over the 2 m^2 modes ((batch x Cin) . (Cin x Cout) each), and
//          scattered back.
// cuFFT does the R2C and C2R transforms (batched over batch x channels);
// the pointwise linear is a cublasSgemmStridedBatched over the batch.
// Every buffer is allocated by create(), so a batch that does not fit
// fails there, not in the timed loop.

#include <complex>
#include <cstddef>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <cufft.h>

#include "perfgate/kernels/device_buffer.hpp"
#include "perfgate/kernels/cpu_fno.hpp"
#include "perfgate/kernels/fno_shape.hpp"
#include "perfgate/kernels/fno_status.hpp"

namespace perfgate::kernels {

enum class MixingVariant { basic, gemm };
const char* to_string(MixingVariant variant);

// A pointwise (1x1) linear layer with bias: out (B, Cout, P) = W (Cout x Cin) . x (B, Cin, P).
class PointwiseLinear {
 public:
  FnoStatus create(int batch, int in_channels, int out_channels, std::size_t pixels, const std::vector<float>& weight,
                   const std::vector<float>& bias);
  // Only the product, into `product` (no bias): the layer adds it later.
  FnoStatus multiply(cublasHandle_t cublas, const float* x, float* product) const;
  FnoStatus forward(cublasHandle_t cublas, const float* x, float* out, float* scratch, bool gelu, cudaStream_t stream) const;
  const float* bias() const { return bias_.as<float>(); }

 private:
  int batch_ = 0, in_ = 0, out_ = 0;
  std::size_t pixels_ = 0;
  DeviceBuffer weight_, bias_;
};

class FnoLayer {
 public:
  FnoLayer() = default;
  ~FnoLayer();
  FnoLayer(const FnoLayer&) = delete;
  FnoLayer& operator=(const FnoLayer&) = delete;

  FnoStatus create(const FnoLayerShape& shape, const FnoLayerWeights& weights);
  // Queues the layer on the stream the cuBLAS handle is set to.
  FnoStatus forward(cublasHandle_t cublas, const float* x, float* out, MixingVariant variant, cudaStream_t stream,
                    bool gelu = true);
  // The mixing step alone (on the spectrum of the last forward, or of
  // prepare_spectrum): what the mixing cases time.
  FnoStatus prepare_spectrum(const float* x, cudaStream_t stream);
  FnoStatus mix(cublasHandle_t cublas, MixingVariant variant, cudaStream_t stream);
  const FnoLayerShape& shape() const { return shape_; }

 private:
  FnoStatus plan();
  FnoLayerShape shape_;
  cufftHandle forward_plan_ = 0, inverse_plan_ = 0;
  bool planned_ = false;
  DeviceBuffer spectral_basic_, spectral_gemm_;  // [corner][i][o][kx][ky] and [mode][i][o]
  PointwiseLinear linear_;
  DeviceBuffer x_hat_, y_hat_, x_modes_, y_modes_, spatial_, product_;
};

}  // namespace perfgate::kernels
