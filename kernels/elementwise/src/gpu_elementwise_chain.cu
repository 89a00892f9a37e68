#include "perfgate/kernels/gpu_elementwise_chain.hpp"

#include <cstdint>

#include "perfgate/kernels/grid_size.hpp"

namespace perfgate::kernels {
namespace {

constexpr unsigned kThreads = 256;

__device__ float gelu(float v) { return 0.5f * v * (1.0f + erff(v * 0.70710678118654752440f)); }

bool aligned16(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; }

// out[i] = f(in[i]) (q == nullptr) or f(in[i], q[i]), four elements per
// thread through 16-byte loads and stores (what a well-written eager
// framework's element-wise kernels do too), then the tail one by one.
// `vectors` is 0 when a pointer is not 16-byte aligned.  No __restrict__:
// the eager chain's middle passes work in place.
template <class F>
__global__ void map(const float* p, const float* q, float* out, std::size_t n,
                    std::size_t vectors, F f) {
  const std::size_t first = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t v = first; v < vectors; v += stride) {
    const float4 a = reinterpret_cast<const float4*>(p)[v];
    const float4 b = q ? reinterpret_cast<const float4*>(q)[v] : a;
    reinterpret_cast<float4*>(out)[v] = make_float4(f(a.x, b.x), f(a.y, b.y), f(a.z, b.z), f(a.w, b.w));
  }
  for (std::size_t i = 4 * vectors + first; i < n; i += stride) out[i] = f(p[i], q ? q[i] : p[i]);
}

template <class F>
cudaError_t launch_map(const float* p, const float* q, float* out, std::size_t n, F f, cudaStream_t stream) {
  const bool vector = aligned16(p) && aligned16(out) && (q == nullptr || aligned16(q));
  const std::size_t vectors = vector ? n / 4 : 0;
  map<<<grid_stride_blocks(vector ? vectors : n, kThreads), kThreads, 0, stream>>>(p, q, out, n, vectors, f);
  return cudaGetLastError();
}

}  // namespace

cudaError_t launch_chain_eager(const float* x, const float* r, float* y, float* t, std::size_t n, ChainScalars k,
                               cudaStream_t stream) {
  cudaError_t e = launch_map(x, nullptr, t, n, [=] __device__(float v, float) { return k.a * v; }, stream);
  if (e == cudaSuccess) e = launch_map(t, nullptr, t, n, [=] __device__(float v, float) { return v + k.b; }, stream);
  if (e == cudaSuccess) e = launch_map(t, nullptr, t, n, [] __device__(float v, float) { return gelu(v); }, stream);
  if (e == cudaSuccess) e = launch_map(t, nullptr, t, n, [=] __device__(float v, float) { return v * k.s; }, stream);
  if (e == cudaSuccess) e = launch_map(t, r, y, n, [] __device__(float v, float w) { return v + w; }, stream);
  return e;
}

cudaError_t launch_chain_fused(const float* x, const float* r, float* y, std::size_t n, ChainScalars k,
                               cudaStream_t stream) {
  return launch_map(x, r, y, n, [=] __device__(float v, float w) { return gelu(k.a * v + k.b) * k.s + w; }, stream);
}

EagerChainGraph::~EagerChainGraph() {
  if (exec_) cudaGraphExecDestroy(exec_);
  if (graph_) cudaGraphDestroy(graph_);
}

cudaError_t EagerChainGraph::capture(const float* x, const float* r, float* y, float* scratch, std::size_t n,
                                     ChainScalars k, const char** api) {
  cudaStream_t stream = nullptr;
  cudaError_t e = cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  *api = "cudaStreamCreateWithFlags";
  if (e != cudaSuccess) return e;
  *api = "cudaStreamBeginCapture";
  e = cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal);
  if (e == cudaSuccess) {
    const cudaError_t launched = launch_chain_eager(x, r, y, scratch, n, k, stream);
    *api = "cudaStreamEndCapture";
    e = cudaStreamEndCapture(stream, &graph_);
    if (launched != cudaSuccess) {
      *api = "kernel launch during capture";
      e = launched;
    }
  }
  if (e == cudaSuccess) {
    *api = "cudaGraphInstantiate";
    e = cudaGraphInstantiate(&exec_, graph_, 0);
  }
  cudaStreamDestroy(stream);
  return e;
}

}  // namespace perfgate::kernels
