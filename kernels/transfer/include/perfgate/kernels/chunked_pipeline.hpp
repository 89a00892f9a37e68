#pragma once
// A batched workload that copies its input in and computes on it, chunk by
// chunk: out = relax(in) for `chunks` chunks of `chunk_elements` floats
// from pinned host memory.  Run on one stream every copy waits for the
// previous compute (synchronous); run on S streams, each with its own input
// buffer, chunk i+1's copy overlaps chunk i's compute (double buffering
// for S = 2).  The overlap can at best hide the shorter of the two: the
// speed-up over synchronous is at most (copy + compute) / max(copy, compute).

#include <cstddef>
#include <vector>

#include <cuda_runtime_api.h>

#include "perfgate/kernels/host_device.hpp"

namespace perfgate::kernels {

// The compute step: `iterations` relaxation steps v <- 0.9 v + 0.1 x from
// v = 0, which converge to x (a contraction: float rounding does not grow),
// 2 FLOP each.
PERFGATE_HOST_DEVICE inline float relax(float x, int iterations) {
  float v = 0.0f;
  for (int i = 0; i < iterations; ++i) v = 0.9f * v + 0.1f * x;
  return v;
}
double relax_reference(double x, int iterations);  // float64 CPU reference

cudaError_t launch_relax(const float* in, float* out, std::size_t n, int iterations, cudaStream_t stream);

struct PipelineShape {
  std::size_t chunks = 16;
  std::size_t chunk_elements = std::size_t{4} << 20;  // 16 MiB of floats
  int iterations = 512;
  double flops() const { return 2.0 * iterations * static_cast<double>(chunks * chunk_elements); }
  double copy_bytes() const { return 4.0 * static_cast<double>(chunks * chunk_elements); }
};

class ChunkedPipeline {
 public:
  ChunkedPipeline() = default;
  ~ChunkedPipeline();
  ChunkedPipeline(const ChunkedPipeline&) = delete;
  ChunkedPipeline& operator=(const ChunkedPipeline&) = delete;

  // `streams` streams (1 = synchronous), each with a chunk-sized input buffer.
  cudaError_t create(PipelineShape shape, int streams);

  // Queues the whole batch so that it starts after the work already on
  // `origin` and `origin` waits for all of it (so events on `origin` time
  // it).  `host_in` is pinned, `device_out` holds chunks * chunk_elements.
  cudaError_t enqueue(const float* host_in, float* device_out, cudaStream_t origin) const;
  // Only the copies, or only the computes (from device buffers already
  // filled): the two parts the overlap factor is bounded by.
  cudaError_t enqueue_copies(const float* host_in, cudaStream_t origin) const;
  cudaError_t enqueue_computes(float* device_out, cudaStream_t origin) const;

 private:
  enum class Part { copy, compute, both };
  cudaError_t enqueue_parts(const float* host_in, float* device_out, cudaStream_t origin, Part part) const;

  PipelineShape shape_;
  std::vector<cudaStream_t> streams_;
  std::vector<float*> inputs_;
  std::vector<cudaEvent_t> done_;
  cudaEvent_t start_ = nullptr;
};

}  // namespace perfgate::kernels
