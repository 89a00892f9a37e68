#include "perfgate/kernels/fno_layer.hpp"

#include "fno_kernels.hpp"

namespace perfgate::kernels {
namespace {

FnoStatus allocate(DeviceBuffer& buffer, std::size_t bytes) { return status_of("cudaMalloc", buffer.allocate(bytes)); }

template <class T>
FnoStatus upload(DeviceBuffer& buffer, const std::vector<T>& host) {
  FnoStatus s = allocate(buffer, host.size() * sizeof(T));
  if (s.ok()) s = status_of("cudaMemcpy", cudaMemcpy(buffer.get(), host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return s;
}

// The same weights mode-major, [q][i][o] with q = corner m^2 + kx m + ky:
// one (Cin x Cout) matrix per kept mode for the batched GEMM.
std::vector<std::complex<float>> mode_major(const FnoLayerShape& s, const std::vector<std::complex<float>>& w) {
  const int m2 = s.modes * s.modes;
  std::vector<std::complex<float>> out(w.size());
  for (int corner = 0; corner < 2; ++corner)
    for (int i = 0; i < s.in_channels; ++i)
      for (int o = 0; o < s.out_channels; ++o)
        for (int k = 0; k < m2; ++k)
          out[((static_cast<std::size_t>(corner) * m2 + k) * s.in_channels + i) * s.out_channels + o] =
              w[((static_cast<std::size_t>(corner) * s.in_channels + i) * s.out_channels + o) * m2 + k];
  return out;
}

FnoStatus first_failure(std::initializer_list<FnoStatus> steps) {
  for (const FnoStatus& s : steps)
    if (!s.ok()) return s;
  return {};
}

}  // namespace

const char* to_string(MixingVariant variant) { return variant == MixingVariant::basic ? "basic" : "gemm"; }

FnoStatus PointwiseLinear::create(int batch, int in_channels, int out_channels, std::size_t pixels,
                                  const std::vector<float>& weight, const std::vector<float>& bias) {
  batch_ = batch;
  in_ = in_channels;
  out_ = out_channels;
  pixels_ = pixels;
  FnoStatus s = upload(weight_, weight);
  return s.ok() ? upload(bias_, bias) : s;
}

// Row-major per sample, P (Cout x P) = W (Cout x Cin) . X (Cin x P), is the
// column-major P^T = X^T W^T: X is the (P x Cin) operand, W the (Cin x Cout).
FnoStatus PointwiseLinear::multiply(cublasHandle_t cublas, const float* x, float* product) const {
  const float one = 1.0f, zero = 0.0f;
  const long long p = static_cast<long long>(pixels_);
  return status_of("cublasSgemmStridedBatched",
                   cublasSgemmStridedBatched(cublas, CUBLAS_OP_N, CUBLAS_OP_N, static_cast<int>(pixels_), out_, in_, &one, x,
                                             static_cast<int>(pixels_), p * in_, weight_.as<float>(), in_, 0, &zero, product,
                                             static_cast<int>(pixels_), p * out_, batch_));
}

FnoStatus PointwiseLinear::forward(cublasHandle_t cublas, const float* x, float* out, float* scratch, bool gelu,
                                   cudaStream_t stream) const {
  FnoStatus s = multiply(cublas, x, scratch);
  if (s.ok())
    s = status_of("fno epilogue", launch_fno_epilogue(nullptr, 0.0f, scratch, bias(), out, batch_, out_, pixels_, gelu, stream));
  return s;
}

FnoLayer::~FnoLayer() {
  if (forward_plan_) cufftDestroy(forward_plan_);
  if (inverse_plan_) cufftDestroy(inverse_plan_);
}

FnoStatus FnoLayer::plan() {
  int n[2] = {shape_.height, shape_.width};
  FnoStatus s = status_of("cufftPlanMany(R2C)", cufftPlanMany(&forward_plan_, 2, n, nullptr, 1, 0, nullptr, 1, 0, CUFFT_R2C,
                                                              shape_.batch * shape_.in_channels));
  if (s.ok())
    s = status_of("cufftPlanMany(C2R)", cufftPlanMany(&inverse_plan_, 2, n, nullptr, 1, 0, nullptr, 1, 0, CUFFT_C2R,
                                                      shape_.batch * shape_.out_channels));
  return s;
}

FnoStatus FnoLayer::create(const FnoLayerShape& shape, const FnoLayerWeights& weights) {
  shape_ = shape;
  const std::size_t complex_bytes = sizeof(cuComplex);
  const std::size_t kept = shape.kept_modes();
  return first_failure({
      upload(spectral_basic_, weights.spectral),
      upload(spectral_gemm_, mode_major(shape, weights.spectral)),
      linear_.create(shape.batch, shape.in_channels, shape.out_channels, shape.pixels(), weights.linear, weights.bias),
      allocate(x_hat_, shape.spectrum_elements(shape.in_channels) * complex_bytes),
      allocate(y_hat_, shape.spectrum_elements(shape.out_channels) * complex_bytes),
      allocate(x_modes_, kept * shape.batch * shape.in_channels * complex_bytes),
      allocate(y_modes_, kept * shape.batch * shape.out_channels * complex_bytes),
      allocate(spatial_, shape.output_elements() * sizeof(float)),
      allocate(product_, shape.output_elements() * sizeof(float)),
      plan(),
  });
}

FnoStatus FnoLayer::prepare_spectrum(const float* x, cudaStream_t stream) {
  FnoStatus s = status_of("cufftSetStream", cufftSetStream(forward_plan_, stream));
  if (s.ok())
    s = status_of("cufftExecR2C", cufftExecR2C(forward_plan_, const_cast<float*>(x), x_hat_.as<cufftComplex>()));
  return s;
}

// The spectrum outside the kept modes must be zero for the inverse; C2R
// also overwrites its input, so it is cleared every call.
FnoStatus FnoLayer::mix(cublasHandle_t cublas, MixingVariant variant, cudaStream_t stream) {
  const FnoLayerShape& s = shape_;
  FnoStatus st = status_of("cudaMemsetAsync", cudaMemsetAsync(y_hat_.get(), 0, y_hat_.bytes(), stream));
  if (!st.ok()) return st;
  if (variant == MixingVariant::basic)
    return status_of("basic mixing", launch_basic_mixing(s, x_hat_.as<cuComplex>(), spectral_basic_.as<cuComplex>(),
                                                         y_hat_.as<cuComplex>(), stream));
  st = status_of("gather modes", launch_gather_modes(s, x_hat_.as<cuComplex>(), x_modes_.as<cuComplex>(), stream));
  if (!st.ok()) return st;
  // Per mode, row-major Y (B x Cout) = X (B x Cin) . W (Cin x Cout), i.e.
  // column-major Y^T = W^T X^T: W is the first operand.
  const cuComplex one = make_cuComplex(1.0f, 0.0f), zero = make_cuComplex(0.0f, 0.0f);
  st = status_of("cublasCgemmStridedBatched",
                 cublasCgemmStridedBatched(cublas, CUBLAS_OP_N, CUBLAS_OP_N, s.out_channels, s.batch, s.in_channels, &one,
                                           spectral_gemm_.as<cuComplex>(), s.out_channels,
                                           static_cast<long long>(s.in_channels) * s.out_channels, x_modes_.as<cuComplex>(),
                                           s.in_channels, static_cast<long long>(s.batch) * s.in_channels, &zero,
                                           y_modes_.as<cuComplex>(), s.out_channels,
                                           static_cast<long long>(s.batch) * s.out_channels, s.kept_modes()));
  if (!st.ok()) return st;
  return status_of("scatter modes", launch_scatter_modes(s, y_modes_.as<cuComplex>(), y_hat_.as<cuComplex>(), stream));
}

FnoStatus FnoLayer::forward(cublasHandle_t cublas, const float* x, float* out, MixingVariant variant, cudaStream_t stream,
                            bool gelu) {
  FnoStatus s = prepare_spectrum(x, stream);
  if (s.ok()) s = mix(cublas, variant, stream);
  if (s.ok()) s = status_of("cufftSetStream", cufftSetStream(inverse_plan_, stream));
  if (s.ok()) s = status_of("cufftExecC2R", cufftExecC2R(inverse_plan_, y_hat_.as<cufftComplex>(), spatial_.as<float>()));
  if (s.ok()) s = linear_.multiply(cublas, x, product_.as<float>());
  if (s.ok())
    s = status_of("fno epilogue", launch_fno_epilogue(spatial_.as<float>(), 1.0f / static_cast<float>(shape_.pixels()),
                                                       product_.as<float>(), linear_.bias(), out, shape_.batch,
                                                       shape_.out_channels, shape_.pixels(), gelu, stream));
  return s;
}

}  // namespace perfgate::kernels
