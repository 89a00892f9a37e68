#pragma once
// CUDA errors as perfgate reports them.

#include <optional>
#include <string>

#include <cuda_runtime_api.h>

namespace perfgate::cuda {

// "cudaMemsetAsync: an illegal memory access was encountered (cudaErrorIllegalAddress)"
std::string error_text(const char* api, cudaError_t error);

// Errors after which the CUDA context is unusable for the rest of the
// process (the "sticky" ones): every later CUDA call fails too.
bool is_sticky(cudaError_t error);

// Remembers the first sticky error; later GPU cases end with it instead of
// failing one by one with misleading messages.
void note_context_lost(const std::string& message);
std::optional<std::string> context_lost();

}  // namespace perfgate::cuda
