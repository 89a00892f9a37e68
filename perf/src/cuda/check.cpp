#include "perfgate/cuda/check.hpp"

#include "perfgate/runtime/context_loss.hpp"

namespace perfgate::cuda {

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

// The record is the runtime's (perfgate/runtime/context_loss.hpp), which the
// run collector reads; these names keep the CUDA API's.
void note_context_lost(const std::string& message) { perfgate::note_context_lost(message); }

std::optional<std::string> context_lost() { return perfgate::context_lost(); }

}  // namespace perfgate::cuda
