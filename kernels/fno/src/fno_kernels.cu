#include "fno_kernels.hpp"

#include "perfgate/kernels/grid_size.hpp"

namespace perfgate::kernels {
namespace {

constexpr unsigned kThreads = 256;

__device__ float gelu(float v) { return 0.5f * v * (1.0f + erff(v * 0.70710678118654752440f)); }

// The spectrum row of kept mode q's row index r (top rows, then bottom).
__device__ int spectrum_row(const FnoLayerShape& s, int r) { return r < s.modes ? r : s.height - 2 * s.modes + r; }

__device__ std::size_t spectrum_index(const FnoLayerShape& s, int b, int c, int channels, int row, int ky) {
  return ((static_cast<std::size_t>(b) * channels + c) * s.height + row) * s.spectrum_width() + ky;
}

#define GRID_STRIDE(i, n)                                                                      \
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < (n); \
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)

__global__ void basic_mixing(FnoLayerShape s, const cuComplex* __restrict__ x_hat, const cuComplex* __restrict__ w,
                             cuComplex* __restrict__ y_hat) {
  const int m2 = s.modes * s.modes, kept = 2 * m2;
  GRID_STRIDE(t, static_cast<std::size_t>(s.batch) * s.out_channels * kept) {
    const int q = static_cast<int>(t % kept);
    const int o = static_cast<int>((t / kept) % s.out_channels);
    const int b = static_cast<int>(t / (static_cast<std::size_t>(kept) * s.out_channels));
    const int corner = q / m2, kx = (q % m2) / s.modes, ky = q % s.modes;
    const int row = spectrum_row(s, corner * s.modes + kx);
    cuComplex acc = make_cuComplex(0.0f, 0.0f);
    for (int i = 0; i < s.in_channels; ++i) {
      const cuComplex a = x_hat[spectrum_index(s, b, i, s.in_channels, row, ky)];
      const cuComplex c = w[((static_cast<std::size_t>(corner) * s.in_channels + i) * s.out_channels + o) * m2 + kx * s.modes + ky];
      acc = cuCfmaf(a, c, acc);
    }
    y_hat[spectrum_index(s, b, o, s.out_channels, row, ky)] = acc;
  }
}

__global__ void gather_modes(FnoLayerShape s, const cuComplex* __restrict__ x_hat, cuComplex* __restrict__ x_modes) {
  const int m2 = s.modes * s.modes;
  GRID_STRIDE(t, static_cast<std::size_t>(2 * m2) * s.batch * s.in_channels) {
    const int i = static_cast<int>(t % s.in_channels);
    const int b = static_cast<int>((t / s.in_channels) % s.batch);
    const int q = static_cast<int>(t / (static_cast<std::size_t>(s.in_channels) * s.batch));
    x_modes[t] = x_hat[spectrum_index(s, b, i, s.in_channels, spectrum_row(s, q / s.modes), q % s.modes)];
  }
}

__global__ void scatter_modes(FnoLayerShape s, const cuComplex* __restrict__ y_modes, cuComplex* __restrict__ y_hat) {
  const int m2 = s.modes * s.modes;
  GRID_STRIDE(t, static_cast<std::size_t>(2 * m2) * s.batch * s.out_channels) {
    const int o = static_cast<int>(t % s.out_channels);
    const int b = static_cast<int>((t / s.out_channels) % s.batch);
    const int q = static_cast<int>(t / (static_cast<std::size_t>(s.out_channels) * s.batch));
    y_hat[spectrum_index(s, b, o, s.out_channels, spectrum_row(s, q / s.modes), q % s.modes)] = y_modes[t];
  }
}

__global__ void epilogue(const float* __restrict__ spectral, float scale, const float* __restrict__ linear,
                         const float* __restrict__ bias, float* __restrict__ out, int channels, std::size_t pixels,
                         std::size_t n, bool apply_gelu) {
  GRID_STRIDE(t, n) {
    const int o = static_cast<int>((t / pixels) % channels);
    float v = linear[t] + bias[o];
    if (spectral) v += spectral[t] * scale;
    out[t] = apply_gelu ? gelu(v) : v;
  }
}

__global__ void average_pool2(const float* __restrict__ in, float* __restrict__ out, int height, int width, std::size_t n) {
  const int h2 = height / 2, w2 = width / 2;
  GRID_STRIDE(t, n) {
    const std::size_t plane = t / (static_cast<std::size_t>(h2) * w2);
    const int y = static_cast<int>((t / w2) % h2), x = static_cast<int>(t % w2);
    const float* p = in + plane * height * width + static_cast<std::size_t>(2 * y) * width + 2 * x;
    out[t] = 0.25f * (p[0] + p[1] + p[width] + p[width + 1]);
  }
}

__global__ void upsample2(const float* __restrict__ in, float* __restrict__ out, int height, int width, std::size_t n) {
  const int h2 = 2 * height, w2 = 2 * width;
  GRID_STRIDE(t, n) {
    const std::size_t plane = t / (static_cast<std::size_t>(h2) * w2);
    const int y = static_cast<int>((t / w2) % h2), x = static_cast<int>(t % w2);
    out[t] = in[plane * height * width + static_cast<std::size_t>(y / 2) * width + x / 2];
  }
}

template <class Kernel, class... Args>
cudaError_t launch(Kernel kernel, std::size_t n, cudaStream_t stream, Args... args) {
  kernel<<<grid_stride_blocks(n, kThreads), kThreads, 0, stream>>>(args...);
  return cudaGetLastError();
}

}  // namespace

cudaError_t launch_basic_mixing(const FnoLayerShape& s, const cuComplex* x_hat, const cuComplex* w, cuComplex* y_hat,
                                cudaStream_t stream) {
  return launch(basic_mixing, static_cast<std::size_t>(s.batch) * s.out_channels * s.kept_modes(), stream, s, x_hat, w, y_hat);
}

cudaError_t launch_gather_modes(const FnoLayerShape& s, const cuComplex* x_hat, cuComplex* x_modes, cudaStream_t stream) {
  return launch(gather_modes, static_cast<std::size_t>(s.kept_modes()) * s.batch * s.in_channels, stream, s, x_hat, x_modes);
}

cudaError_t launch_scatter_modes(const FnoLayerShape& s, const cuComplex* y_modes, cuComplex* y_hat, cudaStream_t stream) {
  return launch(scatter_modes, static_cast<std::size_t>(s.kept_modes()) * s.batch * s.out_channels, stream, s, y_modes, y_hat);
}

cudaError_t launch_fno_epilogue(const float* spectral, float scale, const float* linear, const float* bias, float* out,
                                int batch, int channels, std::size_t pixels, bool gelu, cudaStream_t stream) {
  const std::size_t n = static_cast<std::size_t>(batch) * channels * pixels;
  return launch(epilogue, n, stream, spectral, scale, linear, bias, out, channels, pixels, n, gelu);
}

cudaError_t launch_average_pool2(const float* in, float* out, int batch, int channels, int height, int width, cudaStream_t stream) {
  const std::size_t n = static_cast<std::size_t>(batch) * channels * (height / 2) * (width / 2);
  return launch(average_pool2, n, stream, in, out, height, width, n);
}

cudaError_t launch_upsample2(const float* in, float* out, int batch, int channels, int height, int width, cudaStream_t stream) {
  const std::size_t n = static_cast<std::size_t>(batch) * channels * (2 * height) * (2 * width);
  return launch(upsample2, n, stream, in, out, height, width, n);
}

}  // namespace perfgate::kernels
