// The host suite: the CPU references of kernels/ as perf cases, so a machine
// without a GPU has real work to gate on.
//
// The test-only switch PERFGATE_HOST_PLANT_SLOWDOWN=<name> (with
// PERFGATE_ALLOW_FAULT_INJECTION=1, perfgate/model/fault_switch.hpp) makes
// the case of that name ("*": every case, as a change to a flag or a
// common header would) do its work several times per iteration
// (PERFGATE_HOST_PLANT_FACTOR, default 2): a planted regression for
// end-to-end tests.

#include <cstdlib>
#include <functional>
#include <optional>
#include <string>

#include "injected_noise_case.hpp"
#include "perfgate/kernels/cpu_elementwise_chain.hpp"
#include "perfgate/kernels/cpu_gemm.hpp"
#include "perfgate/kernels/random_inputs.hpp"
#include "perfgate/platform/fault_switch.hpp"
#include "perfgate/perfgate.hpp"

namespace {

using namespace perfgate::kernels;

constexpr std::uint64_t kSeed = 20261122;  // the same inputs every run: timings stay comparable

int work_repeats(const std::string& name) {
  const std::optional<std::string> planted = perfgate::fault_switch("PERFGATE_HOST_PLANT_SLOWDOWN");
  if (!planted || (name != *planted && *planted != "*")) return 1;
  const char* factor = std::getenv("PERFGATE_HOST_PLANT_FACTOR");
  const int repeats = factor ? std::atoi(factor) : 2;
  return repeats >= 2 && repeats <= 100 ? repeats : 2;
}

void gemm_case(benchmark::State& state, bool blocked, int size, int repeats) {
  const GemmShape shape{size, size, size};
  const auto a = random_floats(static_cast<std::size_t>(size) * size, kSeed);
  const auto b = random_floats(static_cast<std::size_t>(size) * size, kSeed + 1);
  std::vector<float> c(static_cast<std::size_t>(size) * size);
  for (auto _ : state) {
    for (int r = 0; r < repeats; ++r) {
      if (blocked) cpu_gemm_blocked(a, b, c, shape);
      else cpu_gemm_naive(a, b, c, shape);
    }
    benchmark::DoNotOptimize(c.data());
    benchmark::ClobberMemory();
  }
  state.counters["FLOP"] = benchmark::Counter(shape.flops(), benchmark::Counter::kIsIterationInvariantRate);
}

void chain_case(benchmark::State& state, bool fused, std::size_t count, int repeats) {
  const auto x = random_floats(count, kSeed + 2);
  const auto r = random_floats(count, kSeed + 3);
  std::vector<float> y(count), scratch(count);
  const ChainScalars k;
  for (auto _ : state) {
    for (int rep = 0; rep < repeats; ++rep) {
      if (fused) cpu_chain_fused(x, r, y, k);
      else cpu_chain_unfused(x, r, y, scratch, k);
    }
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  const double bytes = fused ? kFusedBytesPerElement : kUnfusedBytesPerElement;
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bytes * count));
}

// Host cases use real (wall-clock) time, and each repetition runs long
// enough (0.1 s) that scheduler noise averages out.
void add(const std::string& name, std::function<void(benchmark::State&, int)> body) {
  const int repeats = work_repeats(name);
  benchmark::RegisterBenchmark(name.c_str(), [body, repeats](benchmark::State& s) { body(s, repeats); })
      ->UseRealTime()
      ->MinTime(0.1)
      ->Unit(benchmark::kMillisecond);
}

bool register_cases() {
  for (int size : {256, 512}) {
    if (size == 256)
      add("cpu_gemm/naive/" + std::to_string(size), [size](auto& s, int r) { gemm_case(s, false, size, r); });
    add("cpu_gemm/blocked/" + std::to_string(size), [size](auto& s, int r) { gemm_case(s, true, size, r); });
  }
  constexpr std::size_t kCount = std::size_t{1} << 20;
  add("cpu_elementwise/unfused/1048576", [](auto& s, int r) { chain_case(s, false, kCount, r); });
  add("cpu_elementwise/fused/1048576", [](auto& s, int r) { chain_case(s, true, kCount, r); });
  perfgate::host::register_injected_noise_case();  // test-only, behind a fault switch
  return true;
}

[[maybe_unused]] const bool registered = register_cases();

}  // namespace
