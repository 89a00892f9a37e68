#include "runtime/this_device.hpp"

#include <stdexcept>

#include "runtime/host_fingerprint.hpp"
#if PERFGATE_HAS_CUDA
#include "perfgate/cuda/availability.hpp"
#include "cuda/device_fingerprint.hpp"
#endif

namespace perfgate {

Fingerprint this_device(bool gpu_suite) {
#if PERFGATE_HAS_CUDA
  if (gpu_suite && cuda::availability().usable) return cuda::device_fingerprint(cuda::availability().device);
#else
  (void)gpu_suite;
#endif
  return host_fingerprint();
}

}  // namespace perfgate
