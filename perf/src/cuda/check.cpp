#include "perfgate/cuda/check.hpp"

#include <iostream>
#include <mutex>

namespace perfgate::cuda {
namespace {
std::mutex lost_mutex;
std::optional<std::string> lost_message;
}  // namespace

std::string error_text(const char* api, cudaError_t error) {
  return std::string(api) + ": " + cudaGetErrorString(error) + " (" + cudaGetErrorName(error) + ")";
}

bool is_sticky(cudaError_t error) {
  switch (error) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorLaunchTimeout:
    case cudaErrorECCUncorrectable:
    case cudaErrorAssert:
    case cudaErrorContextIsDestroyed:
      return true;
    default:
      return false;
  }
}

void note_context_lost(const std::string& message) {
  const std::lock_guard lock(lost_mutex);
  if (lost_message) return;
  lost_message = message;
  // Said once here; each later GPU case ends with the same words.
  std::cerr << "perfgate: the CUDA context is lost (" << message
            << "); the remaining GPU cases end without measuring, and what was measured is kept\n";
}

std::optional<std::string> context_lost() {
  const std::lock_guard lock(lost_mutex);
  return lost_message;
}

}  // namespace perfgate::cuda
