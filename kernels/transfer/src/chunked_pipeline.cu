#include "perfgate/kernels/chunked_pipeline.hpp"

#include "perfgate/kernels/grid_size.hpp"

namespace perfgate::kernels {
namespace {

constexpr unsigned kThreads = 256;

__global__ void relax_kernel(const float* __restrict__ in, float* __restrict__ out, std::size_t n, int iterations) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    out[i] = relax(in[i], iterations);
}

}  // namespace

double relax_reference(double x, int iterations) {
  double v = 0.0;
  for (int i = 0; i < iterations; ++i) v = 0.9 * v + 0.1 * x;
  return v;
}

cudaError_t launch_relax(const float* in, float* out, std::size_t n, int iterations, cudaStream_t stream) {
  relax_kernel<<<grid_stride_blocks(n, kThreads), kThreads, 0, stream>>>(in, out, n, iterations);
  return cudaGetLastError();
}

ChunkedPipeline::~ChunkedPipeline() {
  for (cudaStream_t s : streams_) cudaStreamSynchronize(s);
  for (float* p : inputs_) cudaFree(p);
  for (cudaEvent_t e : done_) cudaEventDestroy(e);
  for (cudaStream_t s : streams_) cudaStreamDestroy(s);
  if (start_) cudaEventDestroy(start_);
}

cudaError_t ChunkedPipeline::create(PipelineShape shape, int streams) {
  shape_ = shape;
  cudaError_t e = cudaEventCreateWithFlags(&start_, cudaEventDisableTiming);
  for (int i = 0; i < streams && e == cudaSuccess; ++i) {
    streams_.push_back(nullptr);
    done_.push_back(nullptr);
    inputs_.push_back(nullptr);
    e = cudaStreamCreateWithFlags(&streams_.back(), cudaStreamNonBlocking);
    if (e == cudaSuccess) e = cudaEventCreateWithFlags(&done_.back(), cudaEventDisableTiming);
    if (e == cudaSuccess) e = cudaMalloc(&inputs_.back(), shape.chunk_elements * sizeof(float));
  }
  return e;
}

cudaError_t ChunkedPipeline::enqueue(const float* host_in, float* device_out, cudaStream_t origin) const {
  return enqueue_parts(host_in, device_out, origin, Part::both);
}

cudaError_t ChunkedPipeline::enqueue_copies(const float* host_in, cudaStream_t origin) const {
  return enqueue_parts(host_in, nullptr, origin, Part::copy);
}

cudaError_t ChunkedPipeline::enqueue_computes(float* device_out, cudaStream_t origin) const {
  return enqueue_parts(nullptr, device_out, origin, Part::compute);
}

// Fork from `origin`, chunk i on stream i mod S (a stream's next copy waits
// for its previous compute: in-stream order), join back into `origin`.
cudaError_t ChunkedPipeline::enqueue_parts(const float* host_in, float* device_out, cudaStream_t origin,
                                           Part part) const {
  const std::size_t n = shape_.chunk_elements;
  cudaError_t e = cudaEventRecord(start_, origin);
  for (std::size_t s = 0; s < streams_.size() && e == cudaSuccess; ++s) e = cudaStreamWaitEvent(streams_[s], start_, 0);
  for (std::size_t c = 0; c < shape_.chunks && e == cudaSuccess; ++c) {
    const std::size_t s = c % streams_.size();
    if (part != Part::compute)
      e = cudaMemcpyAsync(inputs_[s], host_in + c * n, n * sizeof(float), cudaMemcpyHostToDevice, streams_[s]);
    if (e == cudaSuccess && part != Part::copy)
      e = launch_relax(inputs_[s], device_out + c * n, n, shape_.iterations, streams_[s]);
  }
  for (std::size_t s = 0; s < streams_.size() && e == cudaSuccess; ++s) {
    e = cudaEventRecord(done_[s], streams_[s]);
    if (e == cudaSuccess) e = cudaStreamWaitEvent(origin, done_[s], 0);
  }
  return e;
}

}  // namespace perfgate::kernels
