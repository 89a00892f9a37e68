#include "perfgate/cuda/trace_work.hpp"

#include <string>

#include <cuda_runtime_api.h>

#include "perfgate/cuda/case_checks.hpp"
#include "perfgate/cuda/measure.hpp"
#include "perfgate/runtime/case_scope.hpp"
#include "count/kernel_count_session.hpp"
#include "trace/cupti_session.hpp"
#include "trace/traced_cases.hpp"

namespace perfgate::cuda {
namespace {

// Waits for every GPU the work ran on; the device the case had set is kept.
bool wait_for_devices(benchmark::State& state, int gpus) {
  int current = 0;
  if (!check(state, "cudaGetDevice", cudaGetDevice(&current))) return false;
  bool ok = true;
  for (int device = 0; ok && device < gpus; ++device) {
    ok = check(state, "cudaSetDevice(traced pass)", cudaSetDevice(device)) &&
         check(state, "cudaDeviceSynchronize(traced pass)", cudaDeviceSynchronize());
  }
  return check(state, "cudaSetDevice", cudaSetDevice(current)) && ok;
}

void run_traced_pass(benchmark::State& state, int gpus, const std::function<void()>& work) {
  PhaseRange range(CasePhase::traced);
  trace::begin_traced_case();
  for (int sample = 0; sample < GpuTimer::kTracedSamples; ++sample) {
    trace::TracedPhase phase(trace::Phase::work);
    work();
  }
  const bool finished = check(state, "launch (traced pass)", cudaGetLastError()) && wait_for_devices(state, gpus);
  // Ended even after an error: the next case's pass starts clean.
  trace::TracedCase traced{trace::end_traced_case(), GpuTimer::kTracedSamples, {}};
  if (finished) trace::keep_traced_case(current_case(), std::move(traced));
}

// The GPU counted pass of such a case: count::kCountedSamples calls of its
// work under CUPTI's range profiler on the case's device (the current one;
// the range profiler counts one context, so kernels on other GPUs are not
// counted).  No L2 flush runs between the samples, as in the traced pass.
void run_counted_pass(benchmark::State& state, int gpus, const std::function<void()>& work) {
  PhaseRange range(CasePhase::counted);
  count::CountedCase counted;
  counted.calls_per_sample = 1;
  counted.max_ranges = count::KernelCountSession::kMaxRanges;
  try {
    int device = 0;
    if (!check(state, "cudaGetDevice", cudaGetDevice(&device))) return;
    count::KernelCountSession session(device);
    for (int sample = 0; sample < count::kCountedSamples; ++sample) {
      bool finished = false;
      std::vector<count::CountedRange> ranges = session.count(
          [&] {
            work();
            finished = check(state, "launch (counted pass)", cudaGetLastError()) && wait_for_devices(state, gpus);
            return finished;
          },
          counted.dropped_ranges);
      if (!finished) return;
      counted.samples.push_back(std::move(ranges));
    }
  } catch (const std::exception& e) {
    count::stop_kernel_counting(e.what());
    return;
  }
  count::keep_counted_case(current_case(), std::move(counted));
}

}  // namespace

void trace_work(benchmark::State& state, int gpus, const std::function<void()>& work) {
  if (count::kernel_count_process()) {
    if (count::kernel_counting_works() && !count::was_counted(current_case())) run_counted_pass(state, gpus, work);
  } else if (trace::tracing_works() && !trace::was_traced(current_case())) {
    run_traced_pass(state, gpus, work);
  }
  if (state.error_occurred()) return;
  // The timed run measured this case; here the loop only has to end.
  while (state.KeepRunning()) state.SetIterationTime(1.0);
}

}  // namespace perfgate::cuda
