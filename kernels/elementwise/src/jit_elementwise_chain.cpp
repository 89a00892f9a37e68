#include "perfgate/kernels/jit_elementwise_chain.hpp"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <stdexcept>

#include <nvrtc.h>

#include "perfgate/kernels/grid_size.hpp"

namespace perfgate::kernels {
namespace {

// A float literal that reads back exactly (C++17 hexadecimal form).
std::string literal(float value) {
  char text[48];
  std::snprintf(text, sizeof text, "%af", static_cast<double>(value));
  return text;
}

// The chain as the statements the generator emits, one per operation.
std::vector<std::string> chain_statements(ChainScalars k) {
  return {
      "v = v * " + literal(k.a) + ";",
      "v = v + " + literal(k.b) + ";",
      "v = 0.5f * v * (1.0f + erff(v * 0.70710678118654752440f));",
      "v = v * " + literal(k.s) + ";",
      "v = v + w;",
  };
}

void require(const char* api, nvrtcResult result, nvrtcProgram program = nullptr) {
  if (result == NVRTC_SUCCESS) return;
  std::string message = std::string(api) + ": " + nvrtcGetErrorString(result);
  std::size_t log_size = 0;
  if (program && nvrtcGetProgramLogSize(program, &log_size) == NVRTC_SUCCESS && log_size > 1) {
    std::string log(log_size, '\0');
    nvrtcGetProgramLog(program, log.data());
    message += "\n" + log;
  }
  throw std::runtime_error(message);
}

struct ProgramDeleter {
  void operator()(nvrtcProgram* p) const {
    nvrtcDestroyProgram(p);
    delete p;
  }
};

constexpr unsigned kThreads = 256;

}  // namespace

// The same shape as the hand-written fused kernel: four elements per thread
// through 16-byte accesses (cudaMalloc'd arrays are aligned), then the tail.
std::string jit_chain_source(ChainScalars k) {
  std::string body;
  for (const std::string& statement : chain_statements(k)) body += "  " + statement + "\n";
  return "__device__ __forceinline__ float chain(float v, float w) {\n" + body +
         "  return v;\n"
         "}\n\n"
         "extern \"C\" __global__ void " + std::string(kJitChainKernelName) +
         "(const float* __restrict__ x, const float* __restrict__ r, float* __restrict__ y,\n"
         "    unsigned long long n) {\n"
         "  const unsigned long long first = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;\n"
         "  const unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;\n"
         "  const unsigned long long vectors = n / 4;\n"
         "  for (unsigned long long v = first; v < vectors; v += stride) {\n"
         "    const float4 a = reinterpret_cast<const float4*>(x)[v];\n"
         "    const float4 b = reinterpret_cast<const float4*>(r)[v];\n"
         "    reinterpret_cast<float4*>(y)[v] = make_float4(chain(a.x, b.x), chain(a.y, b.y), chain(a.z, b.z), chain(a.w, b.w));\n"
         "  }\n"
         "  for (unsigned long long i = 4 * vectors + first; i < n; i += stride) y[i] = chain(x[i], r[i]);\n"
         "}\n";
}

std::vector<char> compile_jit_chain(const std::string& source, int arch) {
  std::unique_ptr<nvrtcProgram, ProgramDeleter> program(new nvrtcProgram{});
  require("nvrtcCreateProgram",
          nvrtcCreateProgram(program.get(), source.c_str(), "elementwise_chain_jit.cu", 0, nullptr, nullptr));
  const std::string gpu = "--gpu-architecture=sm_" + std::to_string(arch);
  const char* options[] = {gpu.c_str(), "-std=c++17"};
  require("nvrtcCompileProgram", nvrtcCompileProgram(*program, 2, options), *program);
  std::size_t size = 0;
  require("nvrtcGetCUBINSize", nvrtcGetCUBINSize(*program, &size), *program);
  std::vector<char> cubin(size);
  require("nvrtcGetCUBIN", nvrtcGetCUBIN(*program, cubin.data()), *program);
  return cubin;
}

cudaError_t device_arch(int device, int* arch) {
  int major = 0, minor = 0;
  cudaError_t e = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  if (e == cudaSuccess) e = cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
  *arch = 10 * major + minor;
  return e;
}

JitChainKernel::~JitChainKernel() { unload(); }

cudaError_t JitChainKernel::load(const std::vector<char>& cubin) {
  unload();
  cudaError_t e = cudaLibraryLoadData(&library_, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0);
  if (e == cudaSuccess) e = cudaLibraryGetKernel(&kernel_, library_, kJitChainKernelName);
  return e;
}

cudaError_t JitChainKernel::unload() {
  kernel_ = nullptr;
  if (!library_) return cudaSuccess;
  const cudaError_t e = cudaLibraryUnload(library_);
  library_ = nullptr;
  return e;
}

cudaError_t JitChainKernel::launch(const float* x, const float* r, float* y, std::size_t n, cudaStream_t stream) const {
  for (const void* p : {static_cast<const void*>(x), static_cast<const void*>(r), static_cast<const void*>(y)})
    if (reinterpret_cast<std::uintptr_t>(p) % 16 != 0) return cudaErrorMisalignedAddress;  // the kernel reads float4
  unsigned long long count = n;
  void* args[] = {&x, &r, &y, &count};
  return cudaLaunchKernel(reinterpret_cast<const void*>(kernel_), dim3(grid_stride_blocks(n / 4 + 1, kThreads)),
                          dim3(kThreads), args, 0, stream);
}

}  // namespace perfgate::kernels
