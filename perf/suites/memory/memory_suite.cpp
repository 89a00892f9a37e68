// Device memory per iteration: cudaMalloc/cudaFree against stream-ordered
// allocation from a memory pool with a release threshold, from 4 KiB to
// 256 MiB.  Each iteration allocates, uses the memory (a 4 KiB fill),
// frees and waits for the stream: what a loop that allocates its
// temporaries does.  Host wall time (allocation is a host-side cost);
// `allocations/s` is the rate.

#include <string>

#include "perfgate/kernels/device_allocators.hpp"
#include "perfgate/perfgate.hpp"

namespace {

namespace kernels = perfgate::kernels;

constexpr std::size_t kSizes[] = {std::size_t{4} << 10, std::size_t{64} << 10, std::size_t{1} << 20,
                                  std::size_t{16} << 20, std::size_t{256} << 20};
// Freed memory the pool keeps instead of returning it to the driver.
constexpr std::uint64_t kReleaseThreshold = std::uint64_t{1} << 30;
constexpr std::size_t kUsedBytes = 4096;

std::string size_label(std::size_t bytes) {
  return bytes >= (std::size_t{1} << 20) ? std::to_string(bytes >> 20) + "MiB" : std::to_string(bytes >> 10) + "KiB";
}
std::string memory_case(const char* allocator, std::size_t bytes) {
  return std::string("memory/") + allocator + "/" + size_label(bytes);
}

bool one_iteration(benchmark::State& state, kernels::DeviceAllocator& allocator, std::size_t bytes, cudaStream_t stream) {
  void* data = nullptr;
  const std::size_t words = (bytes < kUsedBytes ? bytes : kUsedBytes) / 4;
  return perfgate::cuda::check(state, "allocate", allocator.allocate(&data, bytes, stream)) &&
         perfgate::cuda::check(state, "fill", kernels::launch_fill_pattern(static_cast<std::uint32_t*>(data), words, 7, stream)) &&
         perfgate::cuda::check(state, "release", allocator.release(data, stream)) &&
         perfgate::cuda::check(state, "cudaStreamSynchronize", cudaStreamSynchronize(stream));
}

void BM_allocate(benchmark::State& state, bool pool, std::size_t bytes) {
  if (!perfgate::cuda::device_ready(state)) return;
  cudaStream_t stream = nullptr;
  if (!perfgate::cuda::check(state, "cudaStreamCreate", cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking))) return;
  kernels::MallocAllocator plain;
  kernels::PoolAllocator pooled;
  kernels::DeviceAllocator* allocator = &plain;
  if (pool) {
    allocator = &pooled;
    if (!perfgate::cuda::check(state, "cudaMemPoolCreate", pooled.create(perfgate::cuda::availability().device, kReleaseThreshold)))
      return;
  }
  if (one_iteration(state, *allocator, bytes, stream))  // warm-up: the pool's first allocation, the fill's module load
    for (auto _ : state)
      if (!one_iteration(state, *allocator, bytes, stream)) break;
  cudaStreamDestroy(stream);
  state.counters["allocations/s"] = benchmark::Counter(1.0, benchmark::Counter::kIsIterationInvariantRate);
}

int register_cases() {
  for (std::size_t bytes : kSizes) {
    perfgate::register_case(memory_case("cudaMalloc", bytes).c_str(), BM_allocate, false, bytes)
        ->UseRealTime()->Setup(perfgate::cuda::note_memory_before_case)->MinTime(0.05);
    perfgate::register_case(memory_case("pool", bytes).c_str(), BM_allocate, true, bytes)
        ->UseRealTime()->Setup(perfgate::cuda::note_memory_before_case)->MinTime(0.05);
  }
  return 0;
}
const int registered = register_cases();

int register_figures() {
  for (std::size_t bytes : kSizes)
    perfgate::register_figure(perfgate::figures::speedup("memory/pool_speedup/" + size_label(bytes),
                                                         memory_case("cudaMalloc", bytes), memory_case("pool", bytes)));
  return 0;
}
const int figures_registered = register_figures();

}  // namespace
