// DeviceBuffer's failed allocation counts no bytes and, when the device is
// out of memory, leaves no error behind for the next case's launch check
// (GpuTimer reads cudaGetLastError after its warm-up).  Runs everywhere:
// without a device the allocation fails for that reason instead.

#include "perfgate/kernels/device_buffer.hpp"

#include <gtest/gtest.h>

namespace perfgate::kernels {
namespace {

TEST(DeviceBuffer, AFailedAllocationCountsNoBytesAndLeavesNoLastError) {
  DeviceBuffer buffer;
  const cudaError_t error = buffer.allocate(std::size_t{1} << 50);  // 1 PiB: more than any device has
  ASSERT_NE(error, cudaSuccess);
  EXPECT_EQ(buffer.bytes(), 0u);
  EXPECT_EQ(buffer.get(), nullptr);
  if (error == cudaErrorMemoryAllocation) EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST(DeviceBuffer, AnAllocationCountsItsBytes) {
  DeviceBuffer buffer;
  if (buffer.allocate(4096) != cudaSuccess) GTEST_SKIP() << "no device memory to allocate: " << cudaGetErrorName(cudaGetLastError());
  EXPECT_EQ(buffer.bytes(), 4096u);
  EXPECT_NE(buffer.get(), nullptr);
}

}  // namespace
}  // namespace perfgate::kernels
