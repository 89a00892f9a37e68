// The element-wise chain y = gelu(a x + b) s + r over 2^24 and 2^26 floats,
// four ways: eager (a kernel per operation), fused by hand, fused by a JIT
// (source generated and compiled with NVRTC at run time) and the eager
// chain replayed as a CUDA graph.  The JIT's one-time costs are cases of
// their own (compile, module load, first launch), so the derived figures
// can weigh them against the time it saves per call: the C++ form of a
// JIT-versus-eager analysis.
// Target (docs/measurements.md): the fused kernel at 80% or more of the
// memory ceiling (memory_pct of elementwise/fused/16777216).

#include <chrono>
#include <string>
#include <vector>

#include "perfgate/kernels/gpu_elementwise_chain.hpp"
#include "perfgate/kernels/jit_elementwise_chain.hpp"
#include "perfgate/kernels/random_inputs.hpp"
#include "perfgate/perfgate.hpp"

namespace {

namespace kernels = perfgate::kernels;
using perfgate::cuda::DeviceBuffer;
using Clock = std::chrono::steady_clock;

constexpr std::size_t kSizes[] = {std::size_t{1} << 24, std::size_t{1} << 26};
// Small sizes, where the CPU reference may beat a kernel launch: the fused
// kernel against cpu_chain_fused (the gpu-slower-than-cpu suggestion reads
// the crossover from these).
constexpr std::size_t kSmallSizes[] = {std::size_t{1} << 12, std::size_t{1} << 16, std::size_t{1} << 20};
constexpr const char* kVariants[] = {"eager", "fused", "jit", "graph"};
const kernels::ChainScalars kScalars;

std::string chain_case(const char* variant, std::size_t n) { return std::string("elementwise/") + variant + "/" + std::to_string(n); }

// x, r, y and the eager chain's intermediate, on the device.
struct ChainBuffers {
  DeviceBuffer x, r, y, scratch;
  bool create(benchmark::State& state, std::size_t n) {
    const std::size_t bytes = n * sizeof(float);
    if (!perfgate::cuda::allocate(state, x, bytes) || !perfgate::cuda::allocate(state, r, bytes) ||
        !perfgate::cuda::allocate(state, y, bytes) || !perfgate::cuda::allocate(state, scratch, bytes))
      return false;
    if (!x.get()) return true;  // no device: measure() skips the case
    return perfgate::cuda::check(state, "fill_random", perfgate::cuda::fill_random(x.get(), n, perfgate::Precision::fp32, 1, nullptr)) &&
           perfgate::cuda::check(state, "fill_random", perfgate::cuda::fill_random(r.get(), n, perfgate::Precision::fp32, 2, nullptr)) &&
           perfgate::cuda::check(state, "cudaDeviceSynchronize", cudaDeviceSynchronize());
  }
};

int this_device_arch(benchmark::State& state) {
  int arch = 0;
  perfgate::cuda::check(state, "cudaDeviceGetAttribute", kernels::device_arch(perfgate::cuda::availability().device, &arch));
  return arch;
}

// NVRTC failures are ordinary errors of the case.
bool compile(benchmark::State& state, int arch, std::vector<char>* cubin) {
  try {
    *cubin = kernels::compile_jit_chain(kernels::jit_chain_source(kScalars), arch);
    return true;
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return false;
  }
}

void declare(benchmark::State& state, std::size_t n, double bytes_per_element) {
  perfgate::work(state).flops(static_cast<double>(n) * kernels::kChainOps)
      .bytes_read(static_cast<double>(n) * (bytes_per_element - 4.0)).bytes_written(static_cast<double>(n) * 4.0);
}

void BM_chain(benchmark::State& state, const char* variant, std::size_t n) {
  ChainBuffers b;
  if (!b.create(state, n)) return;
  const float* x = b.x.as<float>();
  const float* r = b.r.as<float>();
  float* y = b.y.as<float>();
  const std::string name = variant;
  kernels::EagerChainGraph graph;
  kernels::JitChainKernel jit;
  if (perfgate::cuda::availability().usable) {
    const char* api = "";
    if (name == "graph" && !perfgate::cuda::check(state, api, graph.capture(x, b.r.as<float>(), y, b.scratch.as<float>(), n, kScalars, &api)))
      return;
    std::vector<char> cubin;
    if (name == "jit" && !(compile(state, this_device_arch(state), &cubin) &&
                           perfgate::cuda::check(state, "cudaLibraryLoadData", jit.load(cubin))))
      return;
  }
  perfgate::cuda::measure(state, [&](cudaStream_t s) {
    if (name == "eager") kernels::launch_chain_eager(x, r, y, b.scratch.as<float>(), n, kScalars, s);
    if (name == "fused") kernels::launch_chain_fused(x, r, y, n, kScalars, s);
    if (name == "jit") jit.launch(x, r, y, n, s);
    if (name == "graph") graph.launch(s);
  });
  const bool unfused = name == "eager" || name == "graph";
  declare(state, n, unfused ? kernels::kUnfusedBytesPerElement : kernels::kFusedBytesPerElement);
}

// Host wall time: generating the source and compiling it to a CUBIN.
void BM_jit_compile(benchmark::State& state) {
  if (!perfgate::cuda::device_ready(state)) return;
  const int arch = this_device_arch(state);
  std::vector<char> cubin;
  for (auto _ : state)
    if (!compile(state, arch, &cubin)) break;
  state.counters["cubin_bytes"] = static_cast<double>(cubin.size());
}

// Loading the CUBIN and finding the kernel; the unload is not timed.
void BM_jit_module_load(benchmark::State& state) {
  if (!perfgate::cuda::device_ready(state)) return;
  std::vector<char> cubin;
  if (!compile(state, this_device_arch(state), &cubin)) return;
  for (auto _ : state) {
    kernels::JitChainKernel jit;
    const auto start = Clock::now();
    const cudaError_t e = jit.load(cubin);
    state.SetIterationTime(std::chrono::duration<double>(Clock::now() - start).count());
    if (!perfgate::cuda::check(state, "cudaLibraryLoadData", e)) break;
  }
}

// The first launch after a load, host wall time to completion (with lazy
// loading the driver finishes loading the module here); `later_launch_s`
// is the same measurement of the second launch, for comparison.
void BM_jit_first_launch(benchmark::State& state) {
  ChainBuffers b;
  if (!perfgate::cuda::device_ready(state) || !b.create(state, kSizes[0])) return;
  std::vector<char> cubin;
  if (!compile(state, this_device_arch(state), &cubin)) return;
  double later_total = 0.0;
  auto timed_launch = [&](const kernels::JitChainKernel& jit) {
    const auto start = Clock::now();
    cudaError_t e = jit.launch(b.x.as<float>(), b.r.as<float>(), b.y.as<float>(), kSizes[0], nullptr);
    if (e == cudaSuccess) e = cudaStreamSynchronize(nullptr);
    perfgate::cuda::check(state, "first launch", e);
    return std::chrono::duration<double>(Clock::now() - start).count();
  };
  for (auto _ : state) {
    kernels::JitChainKernel jit;
    if (!perfgate::cuda::check(state, "cudaLibraryLoadData", jit.load(cubin))) break;
    state.SetIterationTime(timed_launch(jit));
    later_total += timed_launch(jit);
  }
  state.counters["later_launch_s"] = benchmark::Counter(later_total, benchmark::Counter::kAvgIterations);
}

// The CPU reference of the fused chain on this machine's host, real time.
// It runs only where the GPU cases run, so the two are compared on the same
// machine (and a GPU suite without a GPU stays all-skipped: exit 77).
void BM_chain_cpu(benchmark::State& state, std::size_t n) {
  if (!perfgate::cuda::device_ready(state)) return;
  const std::vector<float> x = kernels::random_floats(n, 1, -3.0f, 3.0f), r = kernels::random_floats(n, 2);
  std::vector<float> y(n);
  for (auto _ : state) {
    kernels::cpu_chain_fused(x, r, y, kScalars);
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
}

int register_cases() {
  for (std::size_t n : kSmallSizes) {
    perfgate::register_case(chain_case("fused", n).c_str(), BM_chain, "fused", n)
        ->UseManualTime()->Setup(perfgate::cuda::note_memory_before_case)->MinTime(0.05);
    perfgate::register_case(chain_case("cpu", n).c_str(), BM_chain_cpu, n)->UseRealTime()->MinTime(0.05);
  }
  for (std::size_t n : kSizes)
    for (const char* variant : kVariants)
      perfgate::register_case(chain_case(variant, n).c_str(), BM_chain, variant, n)
          ->UseManualTime()->Setup(perfgate::cuda::note_memory_before_case)->MinTime(0.05);
  perfgate::register_case("elementwise/jit_compile", BM_jit_compile)->UseRealTime()->MinTime(0.2);
  perfgate::register_case("elementwise/jit_module_load", BM_jit_module_load)->UseManualTime()->MinTime(0.05);
  perfgate::register_case("elementwise/jit_first_launch", BM_jit_first_launch)->UseManualTime()->MinTime(0.05);
  return 0;
}
const int registered = register_cases();

int register_figures() {
  using namespace perfgate::figures;
  for (std::size_t n : kSizes) {
    const std::string size = std::to_string(n);
    perfgate::register_figure(speedup("elementwise/fusion_speedup/" + size, chain_case("eager", n), chain_case("fused", n)));
    perfgate::register_figure(speedup("elementwise/jit_speedup/" + size, chain_case("eager", n), chain_case("jit", n)));
    perfgate::register_figure(speedup("elementwise/graph_speedup/" + size, chain_case("eager", n), chain_case("graph", n)));
    perfgate::register_figure(break_even_calls("elementwise/jit_break_even_calls/" + size, "elementwise/jit_compile",
                                               chain_case("eager", n), chain_case("jit", n)));
  }
  return 0;
}
const int figures_registered = register_figures();

}  // namespace
