#include "perfgate/kernels/gpu_elementwise_chain.hpp"

#include "perfgate/kernels/grid_size.hpp"

namespace perfgate::kernels {
namespace {

constexpr unsigned kThreads = 256;

__device__ float gelu(float v) { return 0.5f * v * (1.0f + erff(v * 0.70710678118654752440f)); }

// Grid-stride loop over one element-wise operation.
template <class Op>
__global__ void map(std::size_t n, Op op) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    op(i);
}

template <class Op>
cudaError_t launch_map(std::size_t n, Op op, cudaStream_t stream) {
  map<<<grid_stride_blocks(n, kThreads), kThreads, 0, stream>>>(n, op);
  return cudaGetLastError();
}

}  // namespace

cudaError_t launch_chain_eager(const float* x, const float* r, float* y, float* t, std::size_t n, ChainScalars k,
                               cudaStream_t stream) {
  cudaError_t e = launch_map(n, [=] __device__(std::size_t i) { t[i] = k.a * x[i]; }, stream);
  if (e == cudaSuccess) e = launch_map(n, [=] __device__(std::size_t i) { t[i] = t[i] + k.b; }, stream);
  if (e == cudaSuccess) e = launch_map(n, [=] __device__(std::size_t i) { t[i] = gelu(t[i]); }, stream);
  if (e == cudaSuccess) e = launch_map(n, [=] __device__(std::size_t i) { t[i] = t[i] * k.s; }, stream);
  if (e == cudaSuccess) e = launch_map(n, [=] __device__(std::size_t i) { y[i] = t[i] + r[i]; }, stream);
  return e;
}

cudaError_t launch_chain_fused(const float* x, const float* r, float* y, std::size_t n, ChainScalars k,
                               cudaStream_t stream) {
  return launch_map(n, [=] __device__(std::size_t i) { y[i] = gelu(k.a * x[i] + k.b) * k.s + r[i]; }, stream);
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
