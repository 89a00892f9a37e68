#include "cuda/this_device.hpp"

#include <algorithm>
#include <stdexcept>

#include "runtime/host_fingerprint.hpp"
#if PERFGATE_HAS_CUDA
#include "perfgate/cuda/availability.hpp"
#include "cuda/device_fingerprint.hpp"
#endif

namespace perfgate {

Fingerprint this_device(bool gpu_suite, int gpus) {
#if PERFGATE_HAS_CUDA
  const cuda::Availability& cuda = cuda::availability();
  if (gpu_suite && cuda.usable) {
    const int used = std::min(gpus, cuda.device_count);
    return used > 1 ? cuda::gpus_fingerprint(used) : cuda::device_fingerprint(cuda.device);
  }
#else
  (void)gpu_suite;
  (void)gpus;
#endif
  return host_fingerprint();
}

}  // namespace perfgate
