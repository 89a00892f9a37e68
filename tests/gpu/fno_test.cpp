// The FNO on the GPU against its float64 CPU reference (fresh random
// inputs), the two mixing variants against each other on whole models, and
// a batch that does not fit: out of memory, told apart, and the next model
// still builds.  Skipped without a device.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "perfgate/cuda/availability.hpp"
#include "perfgate/cuda/device_buffer.hpp"
#include "perfgate/kernels/fno_model.hpp"
#include "perfgate/kernels/norm_error.hpp"
#include "perfgate/kernels/random_inputs.hpp"

namespace perfgate::kernels {
namespace {

#define REQUIRE_DEVICE() \
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason

std::vector<float> download(const float* data, std::size_t count) {
  std::vector<float> host(count);
  EXPECT_EQ(cudaMemcpy(host.data(), data, count * sizeof(float), cudaMemcpyDeviceToHost), cudaSuccess);
  return host;
}

class CublasHandle {
 public:
  CublasHandle() { cublasCreate(&handle_); }
  ~CublasHandle() { cublasDestroy(handle_); }
  cublasHandle_t get() const { return handle_; }

 private:
  cublasHandle_t handle_ = nullptr;
};

TEST(FnoLayerGpu, BothMixingVariantsMatchTheReference) {
  REQUIRE_DEVICE();
  CublasHandle cublas;
  for (const FnoLayerShape& s : {FnoLayerShape{2, 3, 5, 16, 12, 4}, FnoLayerShape{3, 4, 4, 16, 16, 8}}) {
    const std::uint64_t seed = fresh_seed();
    const FnoLayerWeights w = random_fno_layer_weights(s, seed);
    const std::vector<float> x = random_floats(s.input_elements(), seed + 7);
    const std::vector<double> want = cpu_fno_layer_reference(s, x, w);
    FnoLayer layer;
    ASSERT_TRUE(layer.create(s, w).ok());
    cuda::DeviceBuffer dx, dy;
    ASSERT_EQ(dx.allocate(x.size() * 4), cudaSuccess);
    ASSERT_EQ(dy.allocate(want.size() * 4), cudaSuccess);
    ASSERT_EQ(cudaMemcpy(dx.get(), x.data(), x.size() * 4, cudaMemcpyHostToDevice), cudaSuccess);
    for (MixingVariant v : {MixingVariant::basic, MixingVariant::gemm}) {
      ASSERT_EQ(cudaMemset(dy.get(), 0, dy.bytes()), cudaSuccess);
      const FnoStatus status = layer.forward(cublas.get(), dx.as<float>(), dy.as<float>(), v, nullptr);
      ASSERT_TRUE(status.ok()) << status.error;
      ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
      EXPECT_LT(relative_norm_error(download(dy.as<float>(), want.size()), want), 1e-5)
          << to_string(v) << " " << s.height << "x" << s.width << " seed " << seed;
    }
  }
}

TEST(FnoModelGpu, BasicAndGemmMixingGiveTheSameForwardPass) {
  REQUIRE_DEVICE();
  for (const char* name : {"fno64", "ufno"}) {
    FnoModel model;
    const FnoStatus created = model.create(fno_config(name, 2), fresh_seed());
    ASSERT_TRUE(created.ok()) << created.error;
    ASSERT_TRUE(model.forward(MixingVariant::basic, nullptr).ok());
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    const std::vector<float> basic = download(model.output(), model.output_elements());
    ASSERT_TRUE(model.forward(MixingVariant::gemm, nullptr).ok());
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    const std::vector<float> gemm = download(model.output(), model.output_elements());
    const std::vector<double> reference(basic.begin(), basic.end());
    EXPECT_LT(relative_norm_error(gemm, reference), 1e-5) << name;
    double energy = 0.0;
    for (float v : basic) energy += std::abs(v);
    EXPECT_TRUE(std::isfinite(energy) && energy > 0) << name << ": the output is zero or not finite";
  }
}

TEST(FnoModelGpu, ABatchThatDoesNotFitIsOutOfMemoryAndTheNextOneBuilds) {
  REQUIRE_DEVICE();
  {
    FnoModel huge;
    const FnoStatus status = huge.create(fno_config("fno128", 1 << 16), 1);  // about 1.3 TB
    EXPECT_FALSE(status.ok());
    EXPECT_TRUE(status.out_of_memory) << status.error;
  }
  FnoModel small;
  const FnoStatus status = small.create(fno_config("fno64", 4), 1);
  EXPECT_TRUE(status.ok()) << status.error;
  EXPECT_TRUE(small.forward(MixingVariant::gemm, nullptr).ok());
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
}

}  // namespace
}  // namespace perfgate::kernels
