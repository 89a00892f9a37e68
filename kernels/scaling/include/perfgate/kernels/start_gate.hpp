#pragma once
// Holds the streams of several GPUs until the host releases them together.
// Work for G GPUs is queued one GPU after another (a GEMM launch takes a few
// microseconds of host time, so the last GPU's queue is ready milliseconds
// after the first's); queued behind a gate on every stream, all GPUs start
// at once, and the time to the all-reduce measures the work, not the host's
// launch order.  The gate is a one-thread kernel spinning on a flag in
// mapped, portable host memory (perfgate's measure() holds one stream the
// same way); it gives up after `timeout_s` on the GPU's clock, which
// timed_out() then reports, so work that waits for the host cannot hang a run.

#include <string>

#include <cuda_runtime_api.h>

namespace perfgate::kernels {

class StartGate {
 public:
  StartGate() = default;
  ~StartGate();
  StartGate(const StartGate&) = delete;
  StartGate& operator=(const StartGate&) = delete;

  // "" or "<api>: <error>".
  std::string create(double timeout_s = 10.0);
  // Queues the waiting kernel on `stream`; its device must be the current one.
  std::string hold(cudaStream_t stream);
  void release();  // opens the gate for every held stream
  // After the held streams finished: whether one gave up waiting; closes the gate again.
  bool rearm();

 private:
  int* flags_ = nullptr;  // [0] open, [1] a waiting kernel timed out
  unsigned long long timeout_ns_ = 0;
};

}  // namespace perfgate::kernels
