#pragma once
// What a case declares about one call of its work, so that perfgate can
// place it on the device's roofline:
//
//   perfgate::work(state).flops(2.0 * m * n * k).bytes_read(a + b).bytes_written(c)
//       .precision(perfgate::Precision::bf16).matrix_shape(m, n, k);
//
// The declarations become counters of the run; after the run perfgate
// derives TFLOP/s, GB/s, arithmetic intensity, % of the compute and memory
// ceilings, `bound` and % of the roofline from the median time per call
// (formulas in perf/src/roofline/roofline.hpp).  During the run Google
// Benchmark's table shows FLOP/s and bytes/s.

#include <cstdint>

#include <benchmark/benchmark.h>

#include "perfgate/model/counter_names.hpp"
#include "perfgate/model/precision.hpp"

namespace perfgate {

// Counter names the declarations travel under, from the case to the run
// collector; derive_work_counters() turns them into the results' counters.
namespace work_counter {
inline constexpr const char* kFlop = "perfgate_flop";
inline constexpr const char* kBytesRead = "perfgate_bytes_read";
inline constexpr const char* kBytesWritten = "perfgate_bytes_written";
inline constexpr const char* kPrecision = "perfgate_precision";
inline constexpr const char* kFlopRate = "FLOP/s";    // display only
inline constexpr const char* kByteRate = "bytes/s";  // display only
inline constexpr const char* kAlignment = counter::kTcAlignment;  // the results name it the same
}  // namespace work_counter

class WorkDeclaration {
 public:
  explicit WorkDeclaration(benchmark::State& state) : state_(state) {}

  WorkDeclaration& flops(double per_call);
  WorkDeclaration& bytes_read(double per_call);
  WorkDeclaration& bytes_written(double per_call);
  WorkDeclaration& precision(Precision precision);  // of the compute ceiling; default fp32
  // Records the tensor-core alignment score of an m x n x k product.
  WorkDeclaration& matrix_shape(std::int64_t m, std::int64_t n, std::int64_t k);

 private:
  void show_rates();
  benchmark::State& state_;
};

inline WorkDeclaration work(benchmark::State& state) { return WorkDeclaration(state); }

}  // namespace perfgate
