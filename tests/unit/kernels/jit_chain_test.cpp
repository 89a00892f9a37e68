// The JIT's source generation and NVRTC compilation, which need no GPU;
// and the transfer workload's shared compute formula against its float64
// reference.

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "perfgate/kernels/chunked_pipeline.hpp"
#include "perfgate/kernels/jit_elementwise_chain.hpp"

namespace perfgate::kernels {
namespace {

TEST(JitChain, SourceFoldsTheScalarsIn) {
  const std::string one = jit_chain_source(ChainScalars{1.5f, -0.25f, 0.75f});
  const std::string other = jit_chain_source(ChainScalars{2.0f, -0.25f, 0.75f});
  EXPECT_NE(one.find(kJitChainKernelName), std::string::npos);
  EXPECT_NE(one.find("erff"), std::string::npos);
  EXPECT_NE(one, other);
}

TEST(JitChain, CompilesToACubinWithoutAGpu) {
  const std::vector<char> cubin = compile_jit_chain(jit_chain_source(ChainScalars{}), 90);
  ASSERT_GT(cubin.size(), 4u);
  EXPECT_EQ(std::string(cubin.data() + 1, 3), "ELF");  // a device ELF image
}

TEST(JitChain, ACompileErrorCarriesTheLog) {
  try {
    compile_jit_chain("extern \"C\" __global__ void broken() { undeclared_name = 1; }", 90);
    FAIL() << "compiled invalid source";
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("nvrtcCompileProgram: ", 0), 0u) << message;
    EXPECT_NE(message.find("undeclared_name"), std::string::npos) << message;
  }
}

TEST(ChunkedPipeline, RelaxMatchesItsFloat64Reference) {
  for (float x : {-2.5f, 0.125f, 3.0f}) {
    EXPECT_NEAR(relax(x, 7), relax_reference(x, 7), 1e-6 * std::abs(x));
    EXPECT_GT(std::abs(relax(x, 7) - x), 0.1 * std::abs(x));  // seven steps are far from converged
    EXPECT_NEAR(relax(x, 2048), relax_reference(x, 2048), 1e-6 * std::abs(x));
  }
}

}  // namespace
}  // namespace perfgate::kernels
