#include "perfgate/cuda/trace_work.hpp"

#include <string>

#include <cuda_runtime_api.h>

#include "perfgate/cuda/case_checks.hpp"
#include "perfgate/cuda/measure.hpp"
#include "perfgate/runtime/case_scope.hpp"
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

}  // namespace

void trace_work(benchmark::State& state, int gpus, const std::function<void()>& work) {
  if (trace::tracing_works() && !trace::was_traced(current_case())) run_traced_pass(state, gpus, work);
  if (state.error_occurred()) return;
  // The timed run measured this case; here the loop only has to end.
  while (state.KeepRunning()) state.SetIterationTime(1.0);
}

}  // namespace perfgate::cuda
