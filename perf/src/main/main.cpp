// main() for suite binaries (perfgate::main).  Google Benchmark's own main
// always returns 0; this one returns the gate's verdict.
#include "main/ctest_resources.hpp"
#include "main/gate_run.hpp"

int main(int argc, char** argv) {
  // Before any CUDA call: the GPU ctest's resource allocator gave this test.
  if (const int code = perfgate::apply_ctest_gpu_allocation(); code != 0) return code;
  return perfgate::run_main(argc, argv);
}
