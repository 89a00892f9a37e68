#include "runtime/gpu_shortage.hpp"

namespace perfgate {
namespace {

std::string gpus(int count) { return std::to_string(count) + (count == 1 ? " GPU" : " GPUs"); }

}  // namespace

std::optional<std::string> gpu_shortage(int needed, int present) {
  if (present >= needed) return std::nullopt;
  return "needs " + gpus(needed) + ", " + std::to_string(present) + " present";
}

}  // namespace perfgate
