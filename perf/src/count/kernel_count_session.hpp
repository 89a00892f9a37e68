#pragma once
// The GPU counted pass's device half (CUDA builds only): CUPTI's range
// profiler on the case's CUDA context, one auto range per kernel launch and
// each kernel replayed as often as the metrics need (kernel replay: CUPTI
// saves and restores the memory a kernel writes between its passes), read
// back through the metric plan (kernel_metrics.hpp).
//
// Process-wide, like the traced pass's CUPTI session: the counting worker
// starts it before its first CUDA call.  The first failure (profiling not
// permitted, another profiler holding the counters, a CUPTI error) prints
// one line and ends counting for the process; the cases keep their times.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "count/counted_kernels.hpp"

namespace perfgate::count {

// Samples of a case's counted pass, each the calls of one timed sample:
// their median is the count, their spread is said.
inline constexpr int kCountedSamples = 5;

// Initializes CUPTI's profiler; nullopt when counting can run, otherwise why
// it cannot.  Call once, in the counting worker, before any CUDA call.
std::optional<std::string> start_kernel_counting();

// This process runs the GPU counted pass, and counting still works in it.
bool kernel_count_process();
bool kernel_counting_works();

// Ends counting for the process, with its one line on stderr.
void stop_kernel_counting(const std::string& why);

// The range profiler on the current context of `device` (a CUDA ordinal).
// Throws std::runtime_error saying why (the privilege line for
// CUPTI_ERROR_INSUFFICIENT_PRIVILEGES).
class KernelCountSession {
 public:
  explicit KernelCountSession(int device);
  ~KernelCountSession();
  KernelCountSession(const KernelCountSession&) = delete;
  KernelCountSession& operator=(const KernelCountSession&) = delete;

  // Counts every kernel `launch_and_wait` launches (it must wait for them,
  // e.g. cudaDeviceSynchronize); false from it ends the sample uncounted.
  // Launches past kMaxRanges are dropped and added to `dropped`.
  std::vector<CountedRange> count(const std::function<bool()>& launch_and_wait, std::size_t& dropped);

  // Ranges one sample can hold: launches of the case's work between two L2 flushes.
  static constexpr std::size_t kMaxRanges = 4096;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace perfgate::count
