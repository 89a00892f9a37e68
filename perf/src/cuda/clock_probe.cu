#include "clock_probe.hpp"

#include <cstdlib>
#include <optional>
#include <string>

#include "cuda/testing.hpp"
#include "perfgate/platform/fault_switch.hpp"

namespace perfgate::cuda {
namespace {

// One block per SM; the one that lands on SM 0 writes, so that both
// readings of a sample come from the same SM's cycle counter.
__global__ void read_sm0_clock(ClockReading* out) {
  unsigned sm;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
  if (sm != 0 || threadIdx.x != 0) return;
  unsigned long long ns;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
  out->cycles = static_cast<std::uint64_t>(clock64());
  out->ns = ns;
}

// The test-only switch PERFGATE_TEST_SM_CLOCK_SCALE (fault_switch.hpp).
double scale_from_environment() {
  const std::optional<std::string> text = fault_switch("PERFGATE_TEST_SM_CLOCK_SCALE");
  if (!text) return 1.0;
  try {
    const double scale = std::stod(*text);
    return scale > 0 ? scale : 1.0;
  } catch (...) {
    return 1.0;
  }
}

double injected_scale = 0.0;  // 0: not set by a test

}  // namespace

ClockProbe::~ClockProbe() {
  if (host_) cudaFreeHost(host_);
}

cudaError_t ClockProbe::allocate(int sm_count) {
  blocks_ = sm_count > 0 ? sm_count : 1;
  if (host_) return cudaSuccess;
  void* host = nullptr;
  if (const cudaError_t e = cudaHostAlloc(&host, 2 * sizeof(ClockReading), cudaHostAllocMapped); e != cudaSuccess)
    return e;
  host_ = static_cast<ClockReading*>(host);
  reset();
  void* device = nullptr;
  if (const cudaError_t e = cudaHostGetDevicePointer(&device, host, 0); e != cudaSuccess) return e;
  device_ = static_cast<ClockReading*>(device);
  return cudaSuccess;
}

void ClockProbe::reset() {
  host_[0] = ClockReading{};
  host_[1] = ClockReading{};
}

cudaError_t ClockProbe::read(cudaStream_t stream, int slot) {
  read_sm0_clock<<<blocks_, 32, 0, stream>>>(device_ + slot);
  return cudaGetLastError();
}

ClockReading ClockProbe::reading(int slot) const {
  const volatile ClockReading* r = host_ + slot;
  return ClockReading{r->ns, r->cycles};
}

double clock_reading_scale() {
  static const double from_environment = scale_from_environment();
  return injected_scale > 0 ? injected_scale : from_environment;
}

namespace testing {
void scale_sm_clock_readings(double scale) { injected_scale = scale; }
}  // namespace testing

}  // namespace perfgate::cuda
