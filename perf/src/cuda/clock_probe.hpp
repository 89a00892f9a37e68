#pragma once
// Reads %globaltimer and clock64 on SM 0 from inside a stream, so that the
// SM clock over a stretch of queued work is (cycles after - before) / (ns
// after - before).  nvbench's timestamps kernel does the same.

#include <cuda_runtime_api.h>

#include "perfgate/runtime/sm_clock.hpp"

namespace perfgate::cuda {

class ClockProbe {
 public:
  ClockProbe() = default;
  ~ClockProbe();
  ClockProbe(const ClockProbe&) = delete;
  ClockProbe& operator=(const ClockProbe&) = delete;

  cudaError_t allocate(int sm_count);
  void reset();                                    // before a sample: readings unknown
  cudaError_t read(cudaStream_t stream, int slot); // slot 0: before, 1: after
  // After the stream drained; zeros when no block ran on SM 0.
  ClockReading reading(int slot) const;

 private:
  ClockReading* host_ = nullptr;  // mapped: [0] before, [1] after
  ClockReading* device_ = nullptr;
  int blocks_ = 1;
};

// Test hook: multiplies every SM clock perfgate computes (1.0 by default, or
// the value of PERFGATE_TEST_SM_CLOCK_SCALE), to fake a throttled GPU.
double clock_reading_scale();

}  // namespace perfgate::cuda
