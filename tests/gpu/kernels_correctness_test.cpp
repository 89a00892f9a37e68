// The built-in suites' GPU kernels against their float64 CPU references, on
// fresh random inputs (relative norm error: fp32 1e-5, tf32 1e-3, fp16 and
// bf16 1e-2).  Skipped without a device.

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "perfgate/cuda/availability.hpp"
#include "perfgate/cuda/device_buffer.hpp"
#include "perfgate/cuda/random_fill.hpp"
#include "perfgate/kernels/chunked_pipeline.hpp"
#include "perfgate/kernels/cpu_elementwise_chain.hpp"
#include "perfgate/kernels/cpu_gemm.hpp"
#include "perfgate/kernels/cublas_gemm.hpp"
#include "perfgate/kernels/device_allocators.hpp"
#include "perfgate/kernels/gemm_chain.hpp"
#include "perfgate/kernels/gemm_precision.hpp"
#include "perfgate/kernels/gpu_elementwise_chain.hpp"
#include "perfgate/kernels/jit_elementwise_chain.hpp"
#include "perfgate/kernels/norm_error.hpp"
#include "perfgate/kernels/random_inputs.hpp"
#include "perfgate/kernels/tiled_sgemm.hpp"

namespace perfgate::kernels {
namespace {

using cuda::DeviceBuffer;

#define REQUIRE_DEVICE() \
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason

#define CUDA_OK(call) ASSERT_EQ((call), cudaSuccess) << #call

double tolerance(Precision p) {
  switch (p) {
    case Precision::fp32: return 1e-5;
    case Precision::tf32: return 1e-3;
    default: return 1e-2;
  }
}

// The values fill_random stored, before rounding to the storage type: the
// reference sees the inputs the caller meant, so rounding counts as error.
std::vector<float> filled_values(std::size_t count, std::uint64_t seed) {
  std::vector<float> v(count);
  for (std::size_t i = 0; i < count; ++i) v[i] = cuda::uniform_value(i, seed);
  return v;
}

std::vector<float> download(const DeviceBuffer& buffer, std::size_t count, Precision p) {
  std::vector<float> out(count);
  if (p == Precision::fp16 || p == Precision::bf16) {
    std::vector<std::uint16_t> raw(count);
    EXPECT_EQ(cudaMemcpy(raw.data(), buffer.get(), count * 2, cudaMemcpyDeviceToHost), cudaSuccess);
    for (std::size_t i = 0; i < count; ++i) {
      if (p == Precision::fp16) {
        __half h;
        std::memcpy(&h, &raw[i], 2);
        out[i] = __half2float(h);
      } else {
        __nv_bfloat16 b;
        std::memcpy(&b, &raw[i], 2);
        out[i] = __bfloat162float(b);
      }
    }
  } else {
    EXPECT_EQ(cudaMemcpy(out.data(), buffer.get(), count * 4, cudaMemcpyDeviceToHost), cudaSuccess);
  }
  return out;
}

struct GemmCase {
  DeviceBuffer a, b, c;
  std::vector<float> host_a, host_b;
  void create(GemmShape s, Precision p) {
    const std::uint64_t seed = fresh_seed();
    const std::size_t bytes = cuda::element_bytes(p);
    ASSERT_EQ(a.allocate(std::size_t(s.m) * s.k * bytes), cudaSuccess);
    ASSERT_EQ(b.allocate(std::size_t(s.k) * s.n * bytes), cudaSuccess);
    ASSERT_EQ(c.allocate(std::size_t(s.m) * s.n * bytes), cudaSuccess);
    ASSERT_EQ(cuda::fill_random(a.get(), std::size_t(s.m) * s.k, p, seed, nullptr), cudaSuccess);
    ASSERT_EQ(cuda::fill_random(b.get(), std::size_t(s.k) * s.n, p, seed + 1, nullptr), cudaSuccess);
    host_a = filled_values(std::size_t(s.m) * s.k, seed);
    host_b = filled_values(std::size_t(s.k) * s.n, seed + 1);
  }
};

const GemmShape kShapes[] = {{256, 384, 320}, {257, 255, 129}, {64, 1000, 513}};

TEST(GemmKernels, CublasMatchesTheReferenceAtEveryPrecision) {
  REQUIRE_DEVICE();
  CublasGemm gemm(nullptr);
  for (Precision p : {Precision::fp32, Precision::tf32, Precision::fp16, Precision::bf16})
    for (GemmShape s : kShapes) {
      GemmCase x;
      x.create(s, p);
      ASSERT_EQ(gemm.run(*gemm_precision_named(to_string(p)), s, x.a.get(), x.b.get(), x.c.get()), CUBLAS_STATUS_SUCCESS);
      CUDA_OK(cudaDeviceSynchronize());
      const double error = relative_norm_error(download(x.c, std::size_t(s.m) * s.n, p), cpu_gemm_reference(x.host_a, x.host_b, s));
      EXPECT_LT(error, tolerance(p)) << to_string(p) << " " << s.m << "x" << s.n << "x" << s.k;
      // TF32, FP16 and BF16 do round: an error of exactly zero would mean FP32 ran.
      if (p != Precision::fp32) EXPECT_GT(error, 1e-6) << to_string(p);
    }
}

TEST(GemmKernels, TiledSgemmMatchesTheReference) {
  REQUIRE_DEVICE();
  for (GemmShape s : {GemmShape{512, 512, 512}, GemmShape{129, 257, 77}, GemmShape{1, 300, 5}, GemmShape{300, 1, 1000}}) {
    GemmCase x;
    x.create(s, Precision::fp32);
    CUDA_OK(launch_tiled_sgemm(x.a.as<float>(), x.b.as<float>(), x.c.as<float>(), s, nullptr));
    CUDA_OK(cudaDeviceSynchronize());
    EXPECT_LT(relative_norm_error(download(x.c, std::size_t(s.m) * s.n, Precision::fp32), cpu_gemm_reference(x.host_a, x.host_b, s)), 1e-5)
        << s.m << "x" << s.n << "x" << s.k;
  }
}

TEST(GemmKernels, BothChainOrdersGiveTheProduct) {
  REQUIRE_DEVICE();
  const std::vector<int> dims = {64, 16, 96, 8, 80};
  const std::uint64_t seed = fresh_seed();
  std::vector<std::vector<float>> host;
  for (std::size_t i = 0; i + 1 < dims.size(); ++i) host.push_back(filled_values(std::size_t(dims[i]) * dims[i + 1], seed + i));
  const std::vector<double> want = cpu_chain_product_reference(host, dims);
  CublasGemm gemm(nullptr);
  for (const ChainPlan& plan : {left_to_right_plan(dims), optimal_plan(dims)}) {
    std::vector<DeviceBuffer> operands(host.size() + plan.steps.size());
    for (std::size_t i = 0; i < host.size(); ++i) {
      CUDA_OK(operands[i].allocate(host[i].size() * 4));
      CUDA_OK(cuda::fill_random(operands[i].get(), host[i].size(), Precision::fp32, seed + i, nullptr));
    }
    for (std::size_t i = 0; i < plan.steps.size(); ++i) {
      const ChainStep& step = plan.steps[i];
      CUDA_OK(operands[host.size() + i].allocate(std::size_t(step.shape.m) * step.shape.n * 4));
      ASSERT_EQ(gemm.run(GemmPrecision::fp32, step.shape, operands[step.left].get(), operands[step.right].get(),
                         operands[host.size() + i].get()), CUBLAS_STATUS_SUCCESS);
    }
    CUDA_OK(cudaDeviceSynchronize());
    EXPECT_LT(relative_norm_error(download(operands.back(), want.size(), Precision::fp32), want), 1e-5);
  }
}

TEST(ElementwiseKernels, EveryVariantMatchesTheReference) {
  REQUIRE_DEVICE();
  const std::size_t n = (std::size_t{1} << 20) + 3;
  const std::uint64_t seed = fresh_seed();
  const std::vector<float> x = random_floats(n, seed, -3.0f, 3.0f), r = random_floats(n, seed + 1);
  const ChainScalars k;
  const std::vector<double> want = cpu_chain_reference(x, r, k);
  DeviceBuffer dx, dr, dy, scratch;
  for (DeviceBuffer* b : {&dx, &dr, &dy, &scratch}) CUDA_OK(b->allocate(n * 4));
  CUDA_OK(cudaMemcpy(dx.get(), x.data(), n * 4, cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(dr.get(), r.data(), n * 4, cudaMemcpyHostToDevice));
  int arch = 0;
  CUDA_OK(device_arch(cuda::availability().device, &arch));
  JitChainKernel jit;
  CUDA_OK(jit.load(compile_jit_chain(jit_chain_source(k), arch)));
  EagerChainGraph graph;
  const char* api = "";
  CUDA_OK(graph.capture(dx.as<float>(), dr.as<float>(), dy.as<float>(), scratch.as<float>(), n, k, &api)) << api;
  for (const char* variant : {"eager", "fused", "jit", "graph"}) {
    CUDA_OK(cudaMemset(dy.get(), 0, n * 4));
    const std::string v = variant;
    if (v == "eager") CUDA_OK(launch_chain_eager(dx.as<float>(), dr.as<float>(), dy.as<float>(), scratch.as<float>(), n, k, nullptr));
    if (v == "fused") CUDA_OK(launch_chain_fused(dx.as<float>(), dr.as<float>(), dy.as<float>(), n, k, nullptr));
    if (v == "jit") CUDA_OK(jit.launch(dx.as<float>(), dr.as<float>(), dy.as<float>(), n, nullptr));
    if (v == "graph") CUDA_OK(graph.launch(nullptr));
    CUDA_OK(cudaDeviceSynchronize());
    EXPECT_LT(relative_norm_error(download(dy, n, Precision::fp32), want), 1e-5) << variant << " seed " << seed;
  }
}

TEST(TransferKernels, ThePipelineComputesEveryChunkOnAnyNumberOfStreams) {
  REQUIRE_DEVICE();
  const PipelineShape shape{5, 1001, 7};
  const std::size_t n = shape.chunks * shape.chunk_elements;
  const std::vector<float> x = random_floats(n, fresh_seed());
  std::vector<double> want(n);
  for (std::size_t i = 0; i < n; ++i) want[i] = relax_reference(x[i], shape.iterations);
  float* pinned = nullptr;
  CUDA_OK(cudaMallocHost(reinterpret_cast<void**>(&pinned), n * 4));
  std::memcpy(pinned, x.data(), n * 4);
  for (int streams : {1, 2, 3}) {
    ChunkedPipeline pipeline;
    CUDA_OK(pipeline.create(shape, streams));
    DeviceBuffer out;
    CUDA_OK(out.allocate(n * 4));
    CUDA_OK(cudaMemset(out.get(), 0, n * 4));
    CUDA_OK(pipeline.enqueue(pinned, out.as<float>(), nullptr));
    CUDA_OK(cudaDeviceSynchronize());
    EXPECT_LT(relative_norm_error(download(out, n, Precision::fp32), want), 1e-5) << streams << " streams";
  }
  cudaFreeHost(pinned);
}

TEST(MemoryKernels, BothAllocatorsGiveUsableMemory) {
  REQUIRE_DEVICE();
  MallocAllocator plain;
  PoolAllocator pooled;
  CUDA_OK(pooled.create(cuda::availability().device, std::uint64_t{1} << 30));
  for (DeviceAllocator* allocator : std::initializer_list<DeviceAllocator*>{&plain, &pooled})
    for (std::size_t bytes : {std::size_t{4096}, std::size_t{16} << 20}) {
      void* data = nullptr;
      CUDA_OK(allocator->allocate(&data, bytes, nullptr));
      const std::size_t words = bytes / 4;
      CUDA_OK(launch_fill_pattern(static_cast<std::uint32_t*>(data), words, 99, nullptr));
      std::vector<std::uint32_t> got(words);
      CUDA_OK(cudaMemcpy(got.data(), data, bytes, cudaMemcpyDeviceToHost));
      CUDA_OK(allocator->release(data, nullptr));
      CUDA_OK(cudaDeviceSynchronize());
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < words; ++i) wrong += got[i] != pattern_value(i, 99);
      EXPECT_EQ(wrong, 0u) << bytes << " bytes";
    }
}

}  // namespace
}  // namespace perfgate::kernels
