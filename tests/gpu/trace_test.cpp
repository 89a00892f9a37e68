// The traced pass (--perfgate_trace) on the real selftest suite, and its
// fallbacks.  Without a device, the fallbacks run: one warning, the run goes
// on; with one, the traces and the per-kernel comparison.

#include <gtest/gtest.h>

#include <cupti.h>

#include <algorithm>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "perfgate/cuda/availability.hpp"
#include "perfgate/formats/results_io.hpp"
#include "trace/cupti_session.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::count_occurrences;
using testing::TempDir;

const std::string kSelftestCases = " --benchmark_filter='^selftest/' --benchmark_repetitions=5 --benchmark_min_time=0.02";

std::string suite() { return shell_word(PERFGATE_GPU_SELFTEST); }

testing::CommandResult record_traced(const TempDir& dir, const std::string& name, const std::string& environment = "") {
  return run_shell(environment + " " + suite() + kSelftestCases + " --perfgate_mode=record --perfgate_results=" +
                   shell_word((dir / (name + ".json")).string()) + " --perfgate_trace=" +
                   shell_word((dir / (name + "-traces")).string()));
}

TEST(TracingFallback, WithoutADeviceTracingIsOffWithOneWarningAndTheRunGoesOn) {
  if (cuda::availability().usable) GTEST_SKIP() << "a device is present: the traced tests below run instead";
  const TempDir dir;
  const auto run = record_traced(dir, "run");
  EXPECT_EQ(run.exit_code, 77) << run.output;  // every case skipped, as without --perfgate_trace
  EXPECT_EQ(count_occurrences(run.output, "tracing is off"), 1u) << run.output;
  EXPECT_NE(run.output.find("no CUDA device"), std::string::npos) << run.output;
  const Results results = load_results(dir / "run.json");
  for (const BenchmarkResult& b : results.benchmarks) EXPECT_FALSE(b.trace.has_value()) << b.name;
  EXPECT_FALSE(std::filesystem::exists(dir / "run-traces"));
}

// Without a driver CUPTI answers CUPTI_ERROR_UNKNOWN (999): the CUPTI-error
// fallback, for real.
TEST(TracingFallback, ACuptiErrorTurnsTracingOffWithTheReason) {
  if (cuda::availability().usable) GTEST_SKIP() << "a device is present: CUPTI starts there";
  const auto why = trace::start_tracing();
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("failed: CUPTI_ERROR"), std::string::npos) << *why;
  EXPECT_FALSE(trace::trace_pass_process());
}

// Another tool subscribed to CUPTI first (what Nsight Systems does): tracing
// is refused, and the refusal names the holder.
TEST(TracingFallback, AnotherProfilerHoldingCuptiIsNamed) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  char unused[64] = {};
  CUpti_SubscriberParams params{};
  params.structSize = CUpti_SubscriberParams_STRUCT_SIZE;
  params.subscriberName = "planted-profiler";
  params.oldSubscriberName = unused;
  params.oldSubscriberSize = sizeof unused;
  CUpti_SubscriberHandle holder = nullptr;
  ASSERT_EQ(cuptiSubscribe_v2(&holder, [](void*, CUpti_CallbackDomain, CUpti_CallbackId, const void*) {}, nullptr,
                              &params),
            CUPTI_SUCCESS);
  const auto why = trace::start_tracing();
  cuptiUnsubscribe(holder);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("another profiler holds CUPTI"), std::string::npos) << *why;
  EXPECT_NE(why->find("planted-profiler"), std::string::npos) << *why;
}

nlohmann::json parse_trace(const std::string& path) { return nlohmann::json::parse(read_text(path)); }

// correlation id -> the API call that launched it, and kernel events.
struct TraceIndex {
  std::map<long long, nlohmann::json> api_by_correlation;
  std::vector<nlohmann::json> kernels;
};

TraceIndex index_trace(const nlohmann::json& trace) {
  TraceIndex index;
  for (const auto& e : trace.at("traceEvents")) {
    if (e.value("ph", "") != "X") continue;
    const std::string cat = e.value("cat", "");
    if (cat == "kernel") index.kernels.push_back(e);
    if ((cat == "cuda_runtime" || cat == "cuda_driver") && e.contains("args") && e["args"].contains("correlation"))
      index.api_by_correlation[e["args"]["correlation"].get<long long>()] = e;
  }
  return index;
}

TEST(Tracing, EachCaseGetsItsKernelsAndATraceAndCublasDriverLaunchesAreAttributed) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  const TempDir dir;
  const auto run = record_traced(dir, "run");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(run.output.find("tracing is off"), std::string::npos) << run.output;
  const Results results = load_results(dir / "run.json");

  const BenchmarkResult* saxpy = results.find("selftest/saxpy");
  ASSERT_TRUE(saxpy && saxpy->trace) << run.output;
  EXPECT_EQ(saxpy->samples.size(), 5u);  // the timed run is untouched
  ASSERT_EQ(saxpy->kernels.size(), 1u);  // the flush memsets are harness work, not the case's
  EXPECT_NE(saxpy->kernels[0].name.find("saxpy"), std::string::npos) << saxpy->kernels[0].name;
  EXPECT_EQ(saxpy->kernels[0].calls, saxpy->trace->iterations);
  EXPECT_GT(saxpy->kernels[0].median_ns, 0.0);
  EXPECT_EQ(saxpy->trace->dropped_records, 0);

  const BenchmarkResult* gemm = results.find("selftest/cublas_gemm_bf16");
  ASSERT_TRUE(gemm && gemm->trace) << run.output;
  ASSERT_FALSE(gemm->kernels.empty());
  std::int64_t gemm_calls = 0;
  for (const KernelSummary& k : gemm->kernels) gemm_calls += k.calls;
  EXPECT_GE(gemm_calls, gemm->trace->iterations);  // at least one kernel per SGEMM

  // Every cuBLAS kernel of the work phase has its launching API call in the
  // trace, and cuBLAS launched (some of) them through the driver API.
  const nlohmann::json trace = parse_trace(gemm->trace->path);
  EXPECT_EQ(trace.at("displayTimeUnit"), "ns");
  const TraceIndex index = index_trace(trace);
  ASSERT_FALSE(index.kernels.empty());
  std::set<std::string> launchers;
  for (const auto& k : index.kernels) {
    const auto& args = k.at("args");
    if (args.value("phase", "") != "work") continue;
    const auto api = index.api_by_correlation.find(args.at("correlation").get<long long>());
    ASSERT_NE(api, index.api_by_correlation.end()) << k.dump();
    launchers.insert(api->second.value("cat", "") + ":" + api->second.value("name", ""));
  }
  EXPECT_TRUE(std::any_of(launchers.begin(), launchers.end(),
                          [](const std::string& l) { return l.rfind("cuda_driver:cuLaunchKernel", 0) == 0; }))
      << "no driver-API launch among the cuBLAS kernels' launchers";
  for (const auto& l : launchers) std::cout << "cuBLAS kernels launched by " << l << "\n";
}

TEST(Tracing, APlantedExtraKernelIsReportedAsNew) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  const TempDir dir;
  ASSERT_EQ(record_traced(dir, "base").exit_code, 0);
  const auto gated = run_shell("PERFGATE_SELFTEST_FAULT=extra_kernel " + suite() + kSelftestCases +
                               " --perfgate_confirm=false --perfgate_baseline=" + shell_word((dir / "base.json").string()) +
                               " --perfgate_out_dir=" + shell_word((dir / "out").string()) +
                               " --perfgate_trace=" + shell_word((dir / "out-traces").string()));
  ASSERT_TRUE(gated.exit_code == 0 || gated.exit_code == 1) << gated.output;
  const nlohmann::json comparison = nlohmann::json::parse(read_text(dir / "out" / "gpu_selftest.comparison.json"));
  bool found = false;
  for (const auto& b : comparison.at("benchmarks")) {
    if (b.at("name") != "selftest/saxpy") continue;
    for (const auto& k : b.at("kernels")) {
      if (k.at("verdict") == "NEW") {
        EXPECT_NE(k.at("name").get<std::string>().find("empty"), std::string::npos) << k.dump();
        found = true;
      }
    }
  }
  EXPECT_TRUE(found) << comparison.dump(2);
  // ... and the JUnit dashboard sees it in the case's output.
  const std::string junit = read_text(dir / "out" / "gpu_selftest.junit.xml");
  EXPECT_NE(junit.find("kernel NEW"), std::string::npos) << junit;
}

}  // namespace
}  // namespace perfgate
