// perfgate timing itself on the GPU: what a sample costs, what latency
// hiding buys, how steady a known kernel measures, and the copy bandwidth
// against the memory ceiling.  The figures docs/gpu-runs.md quotes come
// from this suite; its targets (docs/measurements.md):
//   timer/empty_sample           under 10 us per sample (the timer's own bias)
//   spin/100us                   robust CV of 0.5% or less
//   copy/device_to_device/1GiB   90% or more of the memory ceiling (memory_pct)

#include <chrono>
#include <string>
#include <utility>

#include <cuda_runtime_api.h>

#include "perfgate/kernels/probe_kernels.hpp"
#include "perfgate/perfgate.hpp"

namespace {

using perfgate::cuda::MeasureOptions;

// Google Benchmark picks iteration counts from manual (GPU) time, so a case
// of a few GPU microseconds per sample but ~20 us of host time would run for
// seconds per repetition to reach its min_time; fixed counts keep the
// microsecond cases to ~50 ms a repetition.
constexpr int kShortCaseSamples = 2000;

MeasureOptions hot(bool hide_latency = true) {
  MeasureOptions options;
  options.hot = true;
  options.hide_latency = hide_latency;
  return options;
}

// Nothing between the events: what the timer itself adds to every sample.
void BM_timer_empty_sample(benchmark::State& state) {
  perfgate::cuda::measure(state, [](cudaStream_t) {}, hot());
}

// The host's wall-clock cost of one whole sample (blocker, clock readings,
// events, synchronisation) around an empty kernel.
void BM_timer_host_cost(benchmark::State& state) {
  perfgate::cuda::GpuTimer timer(state, hot());
  if (!timer.ready()) return;
  perfgate::kernels::launch_empty(timer.stream());  // the warm-up measure() would run
  if (!timer.finish_warmup()) return;
  for (auto _ : state) {
    if (!timer.start_sample()) continue;
    perfgate::kernels::launch_empty(timer.stream());
    timer.stop_sample();
  }
}

// The empty kernel with and without latency hiding, and without the SM
// clock readings around the sample (what they cost the timed region).
void BM_empty_kernel(benchmark::State& state, bool latency_hidden, bool clocks) {
  MeasureOptions options = hot(latency_hidden);
  options.sample_clocks = clocks;
  perfgate::cuda::measure(state, [](cudaStream_t s) { perfgate::kernels::launch_empty(s); }, options);
}

void BM_spin(benchmark::State& state, int microseconds) {
  const auto ns = static_cast<std::uint64_t>(microseconds) * 1000;
  perfgate::cuda::measure(state, [&](cudaStream_t s) { perfgate::kernels::launch_spin(ns, s); }, hot());
}

// CUDA calls outside measure() are checked too: a failure ends the case
// with the call and its error.  Without a device they are not made at all;
// measure() then skips the case with the reason.
bool ok(benchmark::State& state, const char* api, cudaError_t error) {
  if (error == cudaSuccess) return true;
  state.SkipWithError(perfgate::cuda::error_text(api, error).c_str());
  return false;
}

bool device() { return perfgate::cuda::availability().usable; }

// Device memory this case needs: skip it rather than fail on a small GPU.
bool allocate(benchmark::State& state, void** buffer, std::size_t bytes) {
  if (!device()) return true;
  if (cudaMalloc(buffer, bytes) == cudaSuccess) return true;
  cudaGetLastError();
  state.SkipWithError("SKIPPED: not enough device memory for the case");
  return false;
}

void BM_copy(benchmark::State& state) {
  const std::size_t bytes = std::size_t{1} << 30;
  void* source = nullptr;
  void* destination = nullptr;
  if (allocate(state, &source, bytes) && allocate(state, &destination, bytes) &&
      (!device() || ok(state, "cudaMemset", cudaMemset(source, 0x5a, bytes)))) {
    perfgate::cuda::measure(state, [&](cudaStream_t s) {
      cudaMemcpyAsync(destination, source, bytes, cudaMemcpyDeviceToDevice, s);
    });
    perfgate::work(state).bytes_read(static_cast<double>(bytes)).bytes_written(static_cast<double>(bytes));
  }
  cudaFree(source);
  cudaFree(destination);
}

// A working set of 3/4 of L2, read once per call, cold (flushed) and hot.
void BM_read_l2_sized(benchmark::State& state, bool hot_cache) {
  int l2_bytes = 0;
  if (device() && !ok(state, "cudaDeviceGetAttribute(L2CacheSize)",
                      cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, perfgate::cuda::availability().device)))
    return;
  const std::size_t count = static_cast<std::size_t>(l2_bytes) * 3 / 4 / sizeof(float) / 4 * 4;
  void* data = nullptr;
  void* sum = nullptr;
  if (allocate(state, &data, count * sizeof(float) + 16) && allocate(state, &sum, sizeof(float)) &&
      (!device() || ok(state, "cudaMemset", cudaMemset(data, 0x3f, count * sizeof(float))))) {
    MeasureOptions options;
    options.hot = hot_cache;
    perfgate::cuda::measure(state, [&](cudaStream_t s) {
      perfgate::kernels::launch_read_sum(static_cast<const float*>(data), count, static_cast<float*>(sum), s);
    }, options);
    perfgate::work(state)
        .flops(static_cast<double>(count))
        .bytes_read(static_cast<double>(count * sizeof(float)))
        .precision(perfgate::Precision::fp32);
  }
  cudaFree(data);
  cudaFree(sum);
}
benchmark::internal::Benchmark* gpu_case(benchmark::internal::Benchmark* b) {
  return b->UseManualTime()->Setup(perfgate::cuda::note_memory_before_case);
}

// Every case by its full name (register_case names the running case for
// NVTX and the traced pass); the names are those Google Benchmark's
// ->Args() gave them before, so baselines still match.
int register_cases() {
  using perfgate::register_case;
  gpu_case(register_case("timer/empty_sample", BM_timer_empty_sample))->Iterations(kShortCaseSamples);
  register_case("timer/host_cost_per_sample", BM_timer_host_cost)->UseRealTime()->Iterations(kShortCaseSamples);
  for (auto [hidden, clocks] : {std::pair{true, true}, std::pair{false, true}, std::pair{true, false}})
    gpu_case(register_case("launch/empty_kernel/latency_hidden:" + std::to_string(int{hidden}) +
                               "/clocks:" + std::to_string(int{clocks}),
                           BM_empty_kernel, hidden, clocks))
        ->Iterations(kShortCaseSamples);
  for (int us : {10, 100}) gpu_case(register_case("spin/us:" + std::to_string(us), BM_spin, us))->MinTime(0.05);
  gpu_case(register_case("copy/device_to_device/1GiB", BM_copy))->MinTime(0.1);
  for (bool hot_cache : {false, true})
    gpu_case(register_case("read/three_quarters_of_L2/hot:" + std::to_string(int{hot_cache}), BM_read_l2_sized,
                           hot_cache))
        ->Iterations(kShortCaseSamples);
  return 0;
}
const int registered = register_cases();

}  // namespace
