// --perfgate_trace on the collectives suite (NCCL, cases that time their
// own work through cuda::trace_work): a trace per GPU count in the folder
// gpus-<n>/, a process track per GPU named "GPU <index>: <model>", NCCL's
// kernels by name.  One GPU runs the gpus:1 case (NCCL with one rank copies
// instead of launching a kernel) and skips the gpus:2 case; two or more GPUs
// also check the 2-GPU trace.

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "perfgate/cuda/availability.hpp"
#include "perfgate/cuda/case_checks.hpp"
#include "perfgate/formats/results_io.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

using testing::TempDir;

constexpr const char* kTwoMiB = "2097152";  // one of the sweep's sizes (8 B x 8^k)

std::string all_reduce_case(int gpus) {
  return "collectives/all_reduce/out_of_place/gpus:" + std::to_string(gpus) + "/bytes:" + kTwoMiB;
}

testing::CommandResult record_traced(const TempDir& dir) {
  const std::string filter = "^collectives/all_reduce/out_of_place/gpus:[12]/bytes:" + std::string(kTwoMiB) + "(/|$)";
  return testing::run_shell(testing::shell_word(PERFGATE_COLLECTIVES_SUITE) + " --benchmark_filter='" + filter +
                            "' --benchmark_repetitions=3 --benchmark_min_time=0.01 --perfgate_mode=record" +
                            " --perfgate_results=" + testing::shell_word((dir / "run.json").string()) +
                            " --perfgate_trace=" + testing::shell_word((dir / "traces").string()));
}

struct TraceTracks {
  std::set<std::string> gpu_processes;  // process_name of the GPU tracks
  std::set<std::string> gpu_slices;     // names of kernels, copies and memsets
};

TraceTracks tracks_of(const std::string& path) {
  const nlohmann::json trace = nlohmann::json::parse(testing::read_text(path));
  TraceTracks tracks;
  constexpr std::int64_t kGpuProcessBase = 100000000;  // trace/chrome_trace.hpp
  for (const nlohmann::json& e : trace.at("traceEvents")) {
    if (e.at("pid").get<std::int64_t>() < kGpuProcessBase) continue;
    if (e.at("ph") == "M" && e.at("name") == "process_name") tracks.gpu_processes.insert(e.at("args").at("name"));
    if (e.at("ph") == "X") tracks.gpu_slices.insert(e.at("name").get<std::string>());
  }
  return tracks;
}

bool any_starts_with(const std::set<std::string>& names, const std::string& prefix) {
  for (const std::string& name : names)
    if (name.starts_with(prefix)) return true;
  return false;
}

TEST(MultiGpuTrace, ATracePerGpuCountWithATrackPerGpuAndNcclKernelsNamed) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  const TempDir dir;
  const auto run = record_traced(dir);
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(run.output.find("tracing is off"), std::string::npos) << run.output;
  const Results results = load_results(dir / "run.json");

  const BenchmarkResult* one = results.find(all_reduce_case(1));
  ASSERT_TRUE(one && one->trace) << run.output;
  EXPECT_EQ(std::filesystem::path(one->trace->path).parent_path(), dir / "traces" / "gpus-1");
  const TraceTracks one_gpu = tracks_of(one->trace->path);
  ASSERT_EQ(one_gpu.gpu_processes.size(), 1u);
  EXPECT_TRUE(one_gpu.gpu_processes.begin()->starts_with("GPU 0: ")) << *one_gpu.gpu_processes.begin();
  EXPECT_FALSE(one_gpu.gpu_slices.empty());

  const BenchmarkResult* two = results.find(all_reduce_case(2));
  ASSERT_NE(two, nullptr);
  if (cuda::visible_gpu_count() < 2) {
    EXPECT_TRUE(two->skipped.has_value());  // "needs 2 GPUs, 1 present": nothing traced
    EXPECT_FALSE(two->trace.has_value());
    EXPECT_FALSE(std::filesystem::exists(dir / "traces" / "gpus-2"));
    return;
  }
  ASSERT_TRUE(two->trace) << run.output;
  EXPECT_EQ(std::filesystem::path(two->trace->path).parent_path(), dir / "traces" / "gpus-2");
  const TraceTracks two_gpus = tracks_of(two->trace->path);
  ASSERT_EQ(two_gpus.gpu_processes.size(), 2u);
  EXPECT_TRUE(any_starts_with(two_gpus.gpu_processes, "GPU 1: "));
  EXPECT_TRUE(any_starts_with(two_gpus.gpu_slices, "ncclDevKernel_")) << run.output;
  std::set<std::string> summarized;  // the per-kernel summary of the work phase
  for (const KernelSummary& k : two->kernels) summarized.insert(k.name);
  EXPECT_TRUE(any_starts_with(summarized, "ncclDevKernel_"));
}

}  // namespace
}  // namespace perfgate
