#pragma once
// Whole Fourier neural operators on the GPU, NCHW float32:
//   fno64 / fno128: lift (3 -> width, pointwise), 4 FNO layers (16 modes),
//                   project (width -> 3); input B x 3 x 64 x 64.
//   ufno:           a U-shaped multi-resolution variant: widths 32, 64, 128
//                   at 64, 32 and 16 pixels (8 modes).  Down: 2 x 2 average
//                   pooling then a pointwise linear to the next width; up:
//                   nearest 2x upsampling, a pointwise linear back, the
//                   encoder's output concatenated as a skip, and an FNO
//                   layer from twice the width.  (The original U-FNO uses
//                   strided and transposed convolutions; pooling and
//                   upsampling keep this variant's work in cuFFT/cuBLAS.)
// create() allocates every buffer (input filled with random data in
// [-1, 1)), so a batch that does not fit fails there with out_of_memory.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <cublas_v2.h>

#include "perfgate/kernels/fno_layer.hpp"

namespace perfgate::kernels {

struct FnoModelConfig {
  std::string name;
  int batch = 64;
  int channels = 3;      // in and out
  int resolution = 64;   // height = width
  int width = 64;        // hidden channels (of the first level for ufno)
  int layers = 4;        // fno only
  int modes = 16;
  bool u_shaped = false;
};

// "fno64", "fno128" or "ufno"; throws std::invalid_argument otherwise.
FnoModelConfig fno_config(const std::string& name, int batch);

class FnoModel {
 public:
  FnoModel() = default;
  ~FnoModel();
  FnoModel(const FnoModel&) = delete;
  FnoModel& operator=(const FnoModel&) = delete;

  FnoStatus create(const FnoModelConfig& config, unsigned long long seed);
  // input -> output, queued on `stream`.
  FnoStatus forward(MixingVariant variant, cudaStream_t stream);

  double flops() const { return flops_; }  // per forward (fno_shape.hpp's convention)
  double bytes() const { return bytes_; }  // per forward, each pass's operands once
  const float* input() const { return input_.as<float>(); }
  const float* output() const { return output_.as<float>(); }
  std::size_t output_elements() const { return output_.bytes() / sizeof(float); }

 private:
  using Step = std::function<FnoStatus(MixingVariant, cudaStream_t)>;
  float* buffer(std::size_t elements);  // a new activation buffer owned by the model
  FnoStatus add_layer(const FnoLayerShape& shape, const float* in, float* out, unsigned long long seed);
  FnoStatus add_linear(int in_channels, int out_channels, int resolution, const float* in, float* out, unsigned long long seed);
  FnoStatus build_fno(const FnoModelConfig& c, unsigned long long seed);
  FnoStatus build_ufno(const FnoModelConfig& c, unsigned long long seed);

  FnoModelConfig config_;
  cublasHandle_t cublas_ = nullptr;
  DeviceBuffer input_, output_, scratch_;
  std::vector<std::unique_ptr<DeviceBuffer>> activations_;
  std::vector<std::unique_ptr<FnoLayer>> layers_;
  std::vector<std::unique_ptr<PointwiseLinear>> linears_;
  std::vector<Step> steps_;
  FnoStatus allocation_;  // the first failed allocation of buffer()
  double flops_ = 0.0, bytes_ = 0.0;
};

}  // namespace perfgate::kernels
