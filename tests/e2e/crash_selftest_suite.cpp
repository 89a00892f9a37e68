// A suite binary whose middle case crashes (abort) when PERFGATE_TEST_CRASH
// is set: the fixture of the crash tests (tests/e2e/crash_e2e_test.cpp).
// With PERFGATE_TEST_HANG=FILE the middle case instead writes "PID PPID"
// (the worker's and the gate process's) to FILE and waits to be killed: the
// interruption tests (tests/e2e/interrupt_e2e_test.cpp) signal a run there,
// with the first case finished, without timing anything.  With
// PERFGATE_TEST_SKIP_ALL set every case skips as a GPU case does on a machine
// without one: the fixture of the run-meaning tests (run_meaning_e2e_test.cpp).

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "perfgate/perfgate.hpp"

namespace {

void spin(benchmark::State& state) {
  if (std::getenv("PERFGATE_TEST_SKIP_ALL")) {
    state.SkipWithError("SKIPPED: no CUDA device: the self-test's stand-in for a GPU case");
    return;
  }
  for (auto _ : state) {
    double x = 1.0;
    for (int i = 0; i < 20000; ++i) x = x * 1.0000001 + 1e-9;
    benchmark::DoNotOptimize(x);
  }
}

void BM_first(benchmark::State& state) { spin(state); }
// Written under another name and renamed, so the test never reads half of it.
void announce_and_hang(const std::string& file) {
  const std::string partial = file + ".partial";
  if (FILE* out = std::fopen(partial.c_str(), "w")) {
    std::fprintf(out, "%d %d\n", static_cast<int>(::getpid()), static_cast<int>(::getppid()));
    std::fclose(out);
    std::rename(partial.c_str(), file.c_str());
  }
  for (;;) ::pause();
}

void BM_crashes(benchmark::State& state) {
  if (std::getenv("PERFGATE_TEST_CRASH")) std::abort();
  if (const char* hang = std::getenv("PERFGATE_TEST_HANG")) announce_and_hang(hang);
  spin(state);
}
void BM_last(benchmark::State& state) { spin(state); }

BENCHMARK(BM_first)->Name("selftest/first")->UseRealTime()->MinTime(0.01);
BENCHMARK(BM_crashes)->Name("selftest/crashes")->UseRealTime()->MinTime(0.01);
BENCHMARK(BM_last)->Name("selftest/last")->UseRealTime()->MinTime(0.01);

}  // namespace
