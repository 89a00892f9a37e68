#pragma once
// Whether a case that needs several GPUs can run on the GPUs this process
// sees, in the words of its skip reason.  Host code, so that the decision is
// tested without a GPU (perfgate::cuda::require_gpus applies it).

#include <optional>
#include <string>

namespace perfgate {

// "needs 4 GPUs, 1 present" when `present` < `needed`; nothing when the case
// can run.  A 1-GPU runner thus runs a multi-GPU suite's 1-GPU cases and
// reports the others as SKIPPED with this reason.
std::optional<std::string> gpu_shortage(int needed, int present);

}  // namespace perfgate
