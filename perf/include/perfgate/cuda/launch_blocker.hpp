#pragma once
// Hides launch latency the way nvbench's blocking kernel does: a one-thread
// kernel spins on a flag in mapped host memory and holds the stream while
// the host queues the timed work behind it; released, the work runs back to
// back on the GPU and the events time the work, not the host's launch calls.
//
// One blocker can hold the streams of several GPUs (block() on each, then
// one release()): the flags are mapped and portable, so every device sees
// them; the scaling suite starts all its GPUs at once this way.
//
// Work that waits for the GPU while the stream is held (cudaStreamSynchronize,
// cudaDeviceSynchronize, cudaMalloc/cudaFree, a copy from pageable memory)
// would wait forever, so the kernel gives up after a timeout and says so.

#include <cuda_runtime_api.h>

namespace perfgate::cuda {

class LaunchBlocker {
 public:
  LaunchBlocker() = default;
  ~LaunchBlocker();
  LaunchBlocker(const LaunchBlocker&) = delete;
  LaunchBlocker& operator=(const LaunchBlocker&) = delete;

  cudaError_t allocate();  // the mapped flags; before the first block()
  // Queues the spinning kernel on `stream`; it exits when release() is
  // called or `timeout_s` passed on the GPU's clock.
  cudaError_t block(cudaStream_t stream, double timeout_s);
  void release();
  // After the stream drained: whether the last block() ended by timeout.
  bool timed_out() const;

 private:
  volatile int* flags_ = nullptr;  // [0] release, [1] timed out
  int* device_flags_ = nullptr;
};

}  // namespace perfgate::cuda
