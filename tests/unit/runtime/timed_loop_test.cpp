// The one timed loop of the GPU measurement modes (perf/include/perfgate/cuda/
// timed_loop.hpp: measure, measure_gpus, measure_sharded), with a timer that
// logs its calls instead of timing: the order of warm-up, traced pass,
// samples and finish, and which samples reach after_sample, checked on a
// machine without a GPU.
#include "perfgate/cuda/timed_loop.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

namespace perfgate::cuda {
namespace {

class SilentReporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>&) override {}
};

// GpuTimer's loop-facing calls; a failing start fails the case, as GpuTimer's.
struct LoggingTimer {
  benchmark::State* state = nullptr;
  std::vector<std::string>* log = nullptr;
  bool is_ready = true, warm_ok = true, traced = false;
  int fail_start_at = -1, fail_stop_at = -1;  // sample index, -1: never
  int samples = 0;

  bool ready() const { return is_ready; }
  bool finish_warmup() {
    log->push_back("finish_warmup");
    return warm_ok;
  }
  bool tracing() const { return traced; }
  bool start_sample() {
    log->push_back("start");
    if (samples != fail_start_at) return true;
    state->SkipWithError("start failed");
    return false;
  }
  bool stop_sample() {
    log->push_back("stop");
    return samples++ != fail_stop_at;
  }
  void finish() { log->push_back("finish"); }
};

struct Outcome {
  std::vector<std::string> log;
  bool timed = false;
};

// Runs timed_loop in a case of `iterations` iterations, `batch` a sample;
// `sample_ok(i)` is sample i's result.
Outcome run_loop(const std::string& name, LoggingTimer timer, int iterations, int batch,
                 const std::function<bool(int)>& sample_ok = [](int) { return true; }) {
  Outcome out;
  benchmark::RegisterBenchmark(name.c_str(), [&](benchmark::State& state) {
    timer.state = &state;
    timer.log = &out.log;
    int sample = 0;
    out.timed = timed_loop(
        state, timer, batch,
        [&] {
          out.log.push_back("warm_up");
          return true;
        },
        [&] { out.log.push_back("trace"); },
        [&] {
          out.log.push_back("sample");
          return sample_ok(sample++);
        },
        [&] { out.log.push_back("after"); });
    // gbench wants its loop ended or the case failed before the body returns.
    if (!out.timed && !state.error_occurred()) state.SkipWithError("ended before the samples");
  })->Iterations(iterations);
  SilentReporter reporter;
  // Iterations(n) names the case "<name>/iterations:<n>".
  EXPECT_EQ(benchmark::RunSpecifiedBenchmarks(&reporter, "^" + name + "/"), 1u);
  benchmark::ClearRegisteredBenchmarks();  // the case holds this frame's references
  return out;
}

using Log = std::vector<std::string>;

TEST(TimedLoop, WarmsUpThenSamplesInBatchesThenFinishes) {
  // 5 iterations in batches of 2: samples of 2, 2 and 1.
  const Outcome out = run_loop("timed_loop/order", {}, 5, 2);
  EXPECT_TRUE(out.timed);
  const Log sample = {"start", "sample", "stop", "after"};
  Log expected = {"warm_up", "finish_warmup"};
  for (int i = 0; i < 3; ++i) expected.insert(expected.end(), sample.begin(), sample.end());
  expected.push_back("finish");
  EXPECT_EQ(out.log, expected);
}

TEST(TimedLoop, ATimerNotReadyRunsNothing) {
  LoggingTimer timer;
  timer.is_ready = false;
  const Outcome out = run_loop("timed_loop/not_ready", timer, 3, 1);
  EXPECT_FALSE(out.timed);
  EXPECT_TRUE(out.log.empty());
}

TEST(TimedLoop, AFailedWarmUpIsNotCheckedOrTimed) {
  LoggingTimer timer;
  timer.warm_ok = false;
  const Outcome out = run_loop("timed_loop/warm_up_failed", timer, 3, 1);
  EXPECT_FALSE(out.timed);
  EXPECT_EQ(out.log, (Log{"warm_up", "finish_warmup"}));
}

TEST(TimedLoop, TheTracedPassReplacesTheSamples) {
  LoggingTimer timer;
  timer.traced = true;
  const Outcome out = run_loop("timed_loop/traced", timer, 3, 1);
  EXPECT_FALSE(out.timed);
  EXPECT_EQ(out.log, (Log{"warm_up", "finish_warmup", "trace"}));
}

TEST(TimedLoop, OnlyQueuedAndStoppedSamplesReachAfterSample) {
  LoggingTimer timer;
  timer.fail_stop_at = 0;  // the first sample's stop fails, the second's call
  const Outcome out = run_loop("timed_loop/failed_samples", timer, 3, 1, [](int i) { return i != 1; });
  EXPECT_TRUE(out.timed);
  EXPECT_EQ(out.log, (Log{"warm_up", "finish_warmup", "start", "sample", "stop", "start", "sample", "stop", "start",
                          "sample", "stop", "after", "finish"}));
}

TEST(TimedLoop, AFailedStartEndsTheSamplesAndStillFinishes) {
  LoggingTimer timer;
  timer.fail_start_at = 1;
  const Outcome out = run_loop("timed_loop/start_failed", timer, 5, 1);
  EXPECT_TRUE(out.timed);
  EXPECT_EQ(out.log, (Log{"warm_up", "finish_warmup", "start", "sample", "stop", "after", "start", "finish"}));
}

}  // namespace
}  // namespace perfgate::cuda
