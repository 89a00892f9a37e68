// A stand-in for a GPU suite binary in the resource_spec tests: it applies
// ctest's allocation exactly as a suite's main() does, then prints what CUDA
// would see.  Exit 2 (and ctest_resources' one-line error) when malformed.
#include <cstdlib>
#include <iostream>

#include "main/ctest_resources.hpp"

int main() {
  if (const int code = perfgate::apply_ctest_gpu_allocation(); code != 0) return code;
  const char* visible = std::getenv("CUDA_VISIBLE_DEVICES");
  std::cout << "CUDA_VISIBLE_DEVICES=" << (visible ? visible : "(unset)") << "\n";
  return 0;
}
