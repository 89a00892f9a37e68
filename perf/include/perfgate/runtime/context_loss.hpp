#pragma once
// The first error after which the GPU context is unusable for the rest of
// the process (a sticky CUDA error).  The CUDA checks note it
// (perfgate/cuda/check.hpp); the run collector reads it to tell a case's
// cause from its consequences.  Host code, so it lives in the runtime, below
// the CUDA code that notes it: perf/src includes run cuda -> runtime only.

#include <optional>
#include <string>

namespace perfgate {

// Remembers the first message (said once on stderr); later ones are ignored.
void note_context_lost(const std::string& message);
// The remembered message, if any.
std::optional<std::string> context_lost();

}  // namespace perfgate
