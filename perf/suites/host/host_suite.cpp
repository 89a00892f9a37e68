// The host suite: the CPU references of kernels/ as perf cases, so a machine
// without a GPU has real work to gate on.
//
// The test-only switch PERFGATE_HOST_PLANT_SLOWDOWN=<name> (with
// PERFGATE_ALLOW_FAULT_INJECTION=1, perfgate/model/fault_switch.hpp) makes
// the case of that name ("*": every case, as a change to a flag or a
// common header would) do its work several times per iteration
// (PERFGATE_HOST_PLANT_FACTOR, default 2): a planted regression for
// end-to-end tests.  With PERFGATE_HOST_PLANT_WORK_PCT=P (1 to 100) an
// element-wise case instead does P% more work: the chain once more over the
// first P% of its elements (what the counted pass must see, though P = 2 is
// below what the time gate can tell on a loaded machine).

#include <cstdlib>
#include <functional>
#include <optional>
#include <span>
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

bool planted_here(const std::string& name) {
  const std::optional<std::string> planted = perfgate::fault_switch("PERFGATE_HOST_PLANT_SLOWDOWN");
  return planted && (name == *planted || *planted == "*");
}

// The planted extra work in percent (PERFGATE_HOST_PLANT_WORK_PCT), 0 when none.
int extra_work_pct(const std::string& name) {
  const char* pct = std::getenv("PERFGATE_HOST_PLANT_WORK_PCT");
  if (!pct || !planted_here(name)) return 0;
  const int value = std::atoi(pct);
  return value >= 1 && value <= 100 ? value : 0;
}

int work_repeats(const std::string& name) {
  if (!planted_here(name) || extra_work_pct(name) > 0) return 1;
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

void chain_case(benchmark::State& state, bool fused, std::size_t count, int repeats, int extra_pct) {
  const auto x = random_floats(count, kSeed + 2);
  const auto r = random_floats(count, kSeed + 3);
  std::vector<float> y(count), scratch(count);
  const ChainScalars k;
  const std::size_t extra = count * static_cast<std::size_t>(extra_pct) / 100;
  const auto chain = [&](std::size_t n) {
    const std::span<const float> xs(x.data(), n), rs(r.data(), n);
    if (fused) cpu_chain_fused(xs, rs, std::span<float>(y.data(), n), k);
    else cpu_chain_unfused(xs, rs, std::span<float>(y.data(), n), std::span<float>(scratch.data(), n), k);
  };
  for (auto _ : state) {
    for (int rep = 0; rep < repeats; ++rep) chain(count);
    if (extra > 0) chain(extra);
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  const double bytes = fused ? kFusedBytesPerElement : kUnfusedBytesPerElement;
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bytes * count));
}

// Host cases use real (wall-clock) time, and each repetition runs long
// enough (0.1 s) that scheduler noise averages out.
void add(const std::string& name, std::function<void(benchmark::State&, int, int)> body) {
  const int repeats = work_repeats(name), extra_pct = extra_work_pct(name);
  benchmark::RegisterBenchmark(name.c_str(), [body, repeats, extra_pct](benchmark::State& s) { body(s, repeats, extra_pct); })
      ->UseRealTime()
      ->MinTime(0.1)
      ->Unit(benchmark::kMillisecond);
}

bool register_cases() {
  for (int size : {256, 512}) {
    if (size == 256)
      add("cpu_gemm/naive/" + std::to_string(size), [size](auto& s, int r, int) { gemm_case(s, false, size, r); });
    add("cpu_gemm/blocked/" + std::to_string(size), [size](auto& s, int r, int) { gemm_case(s, true, size, r); });
  }
  constexpr std::size_t kCount = std::size_t{1} << 20;
  add("cpu_elementwise/unfused/1048576", [](auto& s, int r, int p) { chain_case(s, false, kCount, r, p); });
  add("cpu_elementwise/fused/1048576", [](auto& s, int r, int p) { chain_case(s, true, kCount, r, p); });
  perfgate::host::register_injected_noise_case();  // test-only, behind a fault switch
  return true;
}

[[maybe_unused]] const bool registered = register_cases();

}  // namespace
