#include "perfgate/kernels/fno_model.hpp"

#include <cmath>
#include <stdexcept>

#include "fno_kernels.hpp"
#include "perfgate/kernels/device_random.hpp"
#include "perfgate/kernels/random_inputs.hpp"

namespace perfgate::kernels {
namespace {

std::size_t plane(int resolution) { return static_cast<std::size_t>(resolution) * resolution; }

FnoLayerShape layer_shape(int batch, int in_channels, int out_channels, int resolution, int modes) {
  return FnoLayerShape{batch, in_channels, out_channels, resolution, resolution, modes};
}

// Appends b's channels after a's, per sample: (B, Ca, P) + (B, Cb, P).
cudaError_t concatenate(const float* a, int ca, const float* b, int cb, float* out, int batch, std::size_t pixels,
                        cudaStream_t stream) {
  const std::size_t row_a = ca * pixels * sizeof(float), row_b = cb * pixels * sizeof(float), row = row_a + row_b;
  cudaError_t e = cudaMemcpy2DAsync(out, row, a, row_a, row_a, batch, cudaMemcpyDeviceToDevice, stream);
  if (e == cudaSuccess)
    e = cudaMemcpy2DAsync(reinterpret_cast<char*>(out) + row_a, row, b, row_b, row_b, batch, cudaMemcpyDeviceToDevice, stream);
  return e;
}

}  // namespace

FnoModelConfig fno_config(const std::string& name, int batch) {
  FnoModelConfig c;
  c.name = name;
  c.batch = batch;
  if (name == "fno64") return c;
  if (name == "fno128") {
    c.width = 128;
    return c;
  }
  if (name == "ufno") {
    c.width = 32;
    c.modes = 8;
    c.u_shaped = true;
    return c;
  }
  throw std::invalid_argument("unknown FNO model '" + name + "' (fno64, fno128, ufno)");
}

FnoModel::~FnoModel() {
  if (cublas_) cublasDestroy(cublas_);
}

float* FnoModel::buffer(std::size_t elements) {
  activations_.push_back(std::make_unique<DeviceBuffer>());
  const FnoStatus s = status_of("cudaMalloc", activations_.back()->allocate(elements * sizeof(float)));
  if (!s.ok() && allocation_.ok()) allocation_ = s;
  return activations_.back()->as<float>();
}

FnoStatus FnoModel::add_layer(const FnoLayerShape& shape, const float* in, float* out, unsigned long long seed) {
  layers_.push_back(std::make_unique<FnoLayer>());
  FnoLayer* layer = layers_.back().get();
  const FnoStatus s = layer->create(shape, random_fno_layer_weights(shape, seed));
  steps_.push_back([this, layer, in, out](MixingVariant v, cudaStream_t stream) {
    return layer->forward(cublas_, in, out, v, stream);
  });
  flops_ += shape.layer_flops();
  bytes_ += shape.layer_bytes();
  return s;
}

FnoStatus FnoModel::add_linear(int in_channels, int out_channels, int resolution, const float* in, float* out,
                               unsigned long long seed) {
  const int batch = config_.batch;
  const float bound = 1.0f / std::sqrt(static_cast<float>(in_channels));
  linears_.push_back(std::make_unique<PointwiseLinear>());
  PointwiseLinear* linear = linears_.back().get();
  const FnoStatus s = linear->create(batch, in_channels, out_channels, plane(resolution),
                                     random_floats(static_cast<std::size_t>(out_channels) * in_channels, seed, -bound, bound),
                                     random_floats(static_cast<std::size_t>(out_channels), seed + 1, -bound, bound));
  float* product = buffer(static_cast<std::size_t>(batch) * out_channels * plane(resolution));
  steps_.push_back([this, linear, in, out, product](MixingVariant, cudaStream_t stream) {
    return linear->forward(cublas_, in, out, product, false, stream);
  });
  const double pixels = static_cast<double>(batch) * plane(resolution);
  flops_ += 2.0 * pixels * in_channels * out_channels;
  bytes_ += 4.0 * pixels * (in_channels + 3.0 * out_channels);  // GEMM in/out, epilogue in/out
  return s;
}

FnoStatus FnoModel::build_fno(const FnoModelConfig& c, unsigned long long seed) {
  const std::size_t hidden = static_cast<std::size_t>(c.batch) * c.width * plane(c.resolution);
  float* ping = buffer(hidden);
  float* pong = buffer(hidden);
  FnoStatus s = add_linear(c.channels, c.width, c.resolution, input(), ping, seed);
  for (int l = 0; l < c.layers && s.ok(); ++l) {
    s = add_layer(layer_shape(c.batch, c.width, c.width, c.resolution, c.modes), ping, pong, seed + 10 * (l + 1));
    std::swap(ping, pong);
  }
  if (s.ok()) s = add_linear(c.width, c.channels, c.resolution, ping, output_.as<float>(), seed + 100);
  return s;
}

// The U: two encoder levels with skips, a bottleneck, two decoder levels.
FnoStatus FnoModel::build_ufno(const FnoModelConfig& c, unsigned long long seed) {
  const int b = c.batch, r0 = c.resolution, r1 = r0 / 2, r2 = r0 / 4;
  const int w0 = c.width, w1 = 2 * c.width, w2 = 4 * c.width;
  auto activation = [&](int channels, int resolution) { return buffer(static_cast<std::size_t>(b) * channels * plane(resolution)); };
  float *lifted = activation(w0, r0), *skip0 = activation(w0, r0), *pooled0 = activation(w0, r1), *in1 = activation(w1, r1);
  float *skip1 = activation(w1, r1), *pooled1 = activation(w1, r2), *in2 = activation(w2, r2), *bottom = activation(w2, r2);
  float *up1 = activation(w2, r1), *narrow1 = activation(w1, r1), *joined1 = activation(2 * w1, r1), *out1 = activation(w1, r1);
  float *up0 = activation(w1, r0), *narrow0 = activation(w0, r0), *joined0 = activation(2 * w0, r0), *out0 = activation(w0, r0);
  const int m = c.modes;
  auto pool = [this, b](const float* in, float* out, int channels, int resolution) {
    steps_.push_back([=](MixingVariant, cudaStream_t s) {
      return status_of("average pool", launch_average_pool2(in, out, b, channels, resolution, resolution, s));
    });
  };
  auto upsample = [this, b](const float* in, float* out, int channels, int resolution) {
    steps_.push_back([=](MixingVariant, cudaStream_t s) {
      return status_of("upsample", launch_upsample2(in, out, b, channels, resolution, resolution, s));
    });
  };
  auto join = [this, b](const float* a, int ca, const float* skip, int cs, float* out, int resolution) {
    steps_.push_back([=](MixingVariant, cudaStream_t s) {
      return status_of("cudaMemcpy2DAsync(concatenate)", concatenate(a, ca, skip, cs, out, b, plane(resolution), s));
    });
  };
  FnoStatus s = add_linear(c.channels, w0, r0, input(), lifted, seed);
  if (s.ok()) s = add_layer(layer_shape(b, w0, w0, r0, m), lifted, skip0, seed + 10);
  pool(skip0, pooled0, w0, r0);
  if (s.ok()) s = add_linear(w0, w1, r1, pooled0, in1, seed + 20);
  if (s.ok()) s = add_layer(layer_shape(b, w1, w1, r1, m), in1, skip1, seed + 30);
  pool(skip1, pooled1, w1, r1);
  if (s.ok()) s = add_linear(w1, w2, r2, pooled1, in2, seed + 40);
  if (s.ok()) s = add_layer(layer_shape(b, w2, w2, r2, m), in2, bottom, seed + 50);
  upsample(bottom, up1, w2, r2);
  if (s.ok()) s = add_linear(w2, w1, r1, up1, narrow1, seed + 60);
  join(narrow1, w1, skip1, w1, joined1, r1);
  if (s.ok()) s = add_layer(layer_shape(b, 2 * w1, w1, r1, m), joined1, out1, seed + 70);
  upsample(out1, up0, w1, r1);
  if (s.ok()) s = add_linear(w1, w0, r0, up0, narrow0, seed + 80);
  join(narrow0, w0, skip0, w0, joined0, r0);
  if (s.ok()) s = add_layer(layer_shape(b, 2 * w0, w0, r0, m), joined0, out0, seed + 90);
  if (s.ok()) s = add_linear(w0, c.channels, r0, out0, output_.as<float>(), seed + 100);
  return s;
}

FnoStatus FnoModel::create(const FnoModelConfig& config, unsigned long long seed) {
  config_ = config;
  FnoStatus s = status_of("cublasCreate", cublasCreate(&cublas_));
  const std::size_t io = static_cast<std::size_t>(config.batch) * config.channels * plane(config.resolution);
  if (s.ok()) s = status_of("cudaMalloc", input_.allocate(io * sizeof(float)));
  if (s.ok()) s = status_of("cudaMalloc", output_.allocate(io * sizeof(float)));
  if (s.ok()) s = status_of("fill_random", fill_uniform(input_.as<float>(), io, seed, nullptr));
  if (s.ok()) s = config.u_shaped ? build_ufno(config, seed) : build_fno(config, seed);
  if (s.ok()) s = allocation_;
  if (s.ok()) s = status_of("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return s;
}

FnoStatus FnoModel::forward(MixingVariant variant, cudaStream_t stream) {
  FnoStatus s = status_of("cublasSetStream", cublasSetStream(cublas_, stream));
  for (const Step& step : steps_) {
    if (!s.ok()) break;
    s = step(variant, stream);
  }
  return s;
}

}  // namespace perfgate::kernels
