// A traced pass handed from the case to its result: the trace of a GPU
// configuration ("gpus:<n>") lands in its folder, with a track per GPU.

#include "trace/traced_cases.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shell.hpp"
#include "trace/chrome_trace.hpp"
#include "trace/trace_file_name.hpp"

namespace perfgate::trace {
namespace {

constexpr std::uint64_t kT0 = 1'700'000'000'000'000'000ull;

// One NCCL kernel per GPU, each launched by its own call of the work phase.
TracedCase two_gpu_pass(std::uint64_t case_index) {
  TracedCase traced;
  ActivityRecords& r = traced.records;
  r.case_index = case_index;
  for (std::uint32_t device = 0; device < 2; ++device) {
    const std::uint32_t correlation = 20 + device;
    ApiActivity call;
    call.name = "cuLaunchKernelEx";
    call.driver = true;
    call.start_ns = kT0 + 1'000 * (device + 1);
    call.end_ns = call.start_ns + 500;
    call.process = 77;
    call.thread = 78;
    call.correlation = correlation;
    r.api_calls.push_back(call);
    KernelActivity kernel;
    kernel.name = "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)";
    kernel.start_ns = kT0 + 10'000;
    kernel.end_ns = kT0 + 20'000 + device;
    kernel.place = {device, device + 1, 13};
    kernel.correlation = correlation;
    r.kernels.push_back(kernel);
    r.external_ids[correlation] = external_id(case_index, Phase::work);
  }
  r.device_names = {{0, "NVIDIA H100 80GB HBM3"}, {1, "NVIDIA H100 80GB HBM3"}};
  traced.iterations = 10;
  traced.device_names[0] = "NVIDIA H100 80GB HBM3";  // the case names only the device it set
  return traced;
}

TEST(TracedCases, AGpuConfigurationsTraceGoesToItsFolderWithATrackPerGpu) {
  const testing::TempDir dir;
  const std::string name = "scaling/strong/gpus:2";
  keep_traced_case(name, two_gpu_pass(1));
  std::vector<BenchmarkResult> results(1);
  results[0].name = name;
  TraceAttacher(dir.path()).attach(results);

  ASSERT_TRUE(results[0].trace.has_value());
  const std::filesystem::path file = dir.path() / "gpus-2" / trace_file_name(name);
  EXPECT_EQ(results[0].trace->path, file.string());
  EXPECT_EQ(results[0].trace->iterations, 10);
  ASSERT_TRUE(std::filesystem::exists(file));
  ASSERT_EQ(results[0].kernels.size(), 1u);  // both GPUs' launches of the one NCCL kernel
  EXPECT_EQ(results[0].kernels[0].name, "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)");
  EXPECT_EQ(results[0].kernels[0].calls, 2);

  const nlohmann::json trace = nlohmann::json::parse(testing::read_text(file));
  std::set<std::string> gpu_tracks;
  for (const nlohmann::json& e : trace.at("traceEvents"))
    if (e.at("ph") == "M" && e.at("name") == "process_name" &&
        e.at("pid").get<std::uint32_t>() >= kGpuProcessBase)
      gpu_tracks.insert(e.at("args").at("name").get<std::string>());
  EXPECT_EQ(gpu_tracks, (std::set<std::string>{"GPU 0: NVIDIA H100 80GB HBM3", "GPU 1: NVIDIA H100 80GB HBM3"}));
}

TEST(TracedCases, EachGpuCountGetsItsOwnTrace) {
  const testing::TempDir dir;
  std::vector<BenchmarkResult> results;
  for (const int gpus : {1, 2, 4, 8}) {
    const std::string name = "collectives/all_reduce/out_of_place/gpus:" + std::to_string(gpus) + "/bytes:1073741824";
    keep_traced_case(name, two_gpu_pass(static_cast<std::uint64_t>(gpus) + 10));
    results.emplace_back().name = name;
  }
  TraceAttacher(dir.path()).attach(results);
  std::set<std::string> paths;
  for (const BenchmarkResult& b : results) {
    ASSERT_TRUE(b.trace.has_value()) << b.name;
    EXPECT_TRUE(std::filesystem::exists(b.trace->path)) << b.trace->path;
    paths.insert(std::filesystem::path(b.trace->path).parent_path().filename().string());
  }
  EXPECT_EQ(paths, (std::set<std::string>{"gpus-1", "gpus-2", "gpus-4", "gpus-8"}));
}

}  // namespace
}  // namespace perfgate::trace
