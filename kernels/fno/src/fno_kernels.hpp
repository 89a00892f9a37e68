#pragma once
// The FNO's own CUDA kernels (everything that is not cuFFT or cuBLAS).

#include <cstddef>

#include <cuComplex.h>
#include <cuda_runtime_api.h>

#include "perfgate/kernels/fno_shape.hpp"

namespace perfgate::kernels {

// y_hat (B, Cout, H, Wf) at the kept modes from x_hat (B, Cin, H, Wf) and
// weights [corner][i][o][kx][ky]; one thread per output mode.
cudaError_t launch_basic_mixing(const FnoLayerShape& s, const cuComplex* x_hat, const cuComplex* weights, cuComplex* y_hat,
                                cudaStream_t stream);
// x_modes[q][b][i] = x_hat[b][i][row(q)][ky(q)]
cudaError_t launch_gather_modes(const FnoLayerShape& s, const cuComplex* x_hat, cuComplex* x_modes, cudaStream_t stream);
// y_hat[b][o][row(q)][ky(q)] = y_modes[q][b][o]
cudaError_t launch_scatter_modes(const FnoLayerShape& s, const cuComplex* y_modes, cuComplex* y_hat, cudaStream_t stream);
// out[b,o,p] = act(spectral[b,o,p] * scale + linear[b,o,p] + bias[o]);
// `spectral` may be null (a plain pointwise linear).
cudaError_t launch_fno_epilogue(const float* spectral, float scale, const float* linear, const float* bias, float* out,
                                int batch, int channels, std::size_t pixels, bool gelu, cudaStream_t stream);
// (B, C, H, W) -> (B, C, H/2, W/2), mean of each 2 x 2 block
cudaError_t launch_average_pool2(const float* in, float* out, int batch, int channels, int height, int width, cudaStream_t stream);
// (B, C, H, W) -> (B, C, 2H, 2W), each value repeated over a 2 x 2 block
cudaError_t launch_upsample2(const float* in, float* out, int batch, int channels, int height, int width, cudaStream_t stream);

}  // namespace perfgate::kernels
