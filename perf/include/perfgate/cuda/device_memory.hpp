#pragma once
// The peak device memory a case used: the fall in free device memory
// (cudaMemGetInfo) from just before the case allocated anything to the
// moments measure() looks (after the warm-up and after the timed samples),
// or the default memory pool's high-water mark when that is larger
// (cudaMallocAsync memory freed inside the timed loop).  Other processes on
// the same GPU would be counted too: run perf suites on a GPU of their own.

#include <optional>

#include <benchmark/benchmark.h>

namespace perfgate::cuda {

// Google Benchmark Setup hook (PERFGATE_CUDA_BENCHMARK installs it): notes
// the free memory before each run of a case and resets the pool's mark.
void note_memory_before_case(const benchmark::State& state);

class DeviceMemoryPeak {
 public:
  explicit DeviceMemoryPeak(int device) : device_(device) {}
  void sample();                          // cudaMemGetInfo now
  std::optional<double> bytes() const;    // nothing when no note was taken

 private:
  int device_;
  std::optional<double> peak_;
};

}  // namespace perfgate::cuda
