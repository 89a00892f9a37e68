// A suite binary whose middle case crashes (abort) when PERFGATE_TEST_CRASH
// is set: the fixture of the crash tests (tests/e2e/crash_e2e_test.cpp).
// With PERFGATE_TEST_HANG=FILE the middle case instead writes "PID PPID"
// (the worker's and the gate process's) to FILE and waits to be killed: the
// interruption tests (tests/e2e/interrupt_e2e_test.cpp) signal a run there,
// with the first case finished, without timing anything.  With
// PERFGATE_TEST_SKIP_ALL set every case skips as a GPU case does on a machine
// without one: the fixture of the run-meaning tests (run_meaning_e2e_test.cpp).
// A case that ends the process itself (issue 41): with PERFGATE_TEST_EXIT=N
// the middle case calls exit(N) (0 as a library's early exit does); with
// PERFGATE_TEST_ROUND_MARK=FILE it tells the first process that runs it (the
// gate's measuring worker, which writes its pid to FILE) from a later one
// (a re-measurement round's worker), and in a later one only calls
// exit(N) for PERFGATE_TEST_EXIT_IN_ROUND=N, or for
// PERFGATE_TEST_HANG_IN_ROUND=FILE2 hangs as no signal but SIGKILL ends:
// SIGTERM ignored, a child of its own started (in its process group), then
// "PID PPID CHILD" written to FILE2.

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
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

// A hang a SIGTERM does not end (a wait in a driver, a handler that
// ignores it), with a child that hangs the same way.
[[noreturn]] void hang_stubbornly(const std::string& file) {
  std::signal(SIGTERM, SIG_IGN);
  const pid_t child = ::fork();
  if (child == 0)
    for (;;) ::pause();
  const std::string partial = file + ".partial";
  if (FILE* out = std::fopen(partial.c_str(), "w")) {
    std::fprintf(out, "%d %d %d\n", static_cast<int>(::getpid()), static_cast<int>(::getppid()), static_cast<int>(child));
    std::fclose(out);
    std::rename(partial.c_str(), file.c_str());
  }
  for (;;) ::pause();
}

// True in a process other than the first that ran the middle case: the
// first writes its pid to the mark file.
bool in_a_later_process() {
  const char* mark = std::getenv("PERFGATE_TEST_ROUND_MARK");
  if (!mark) return false;
  if (FILE* in = std::fopen(mark, "r")) {
    int first = 0;
    const bool read = std::fscanf(in, "%d", &first) == 1;
    std::fclose(in);
    return read && first != static_cast<int>(::getpid());
  }
  if (FILE* out = std::fopen(mark, "w")) {
    std::fprintf(out, "%d\n", static_cast<int>(::getpid()));
    std::fclose(out);
  }
  return false;
}

// With PERFGATE_TEST_EXIT_IN_LISTING=N the process that lists the cases (a
// worker given --benchmark_list_tests=true) calls exit(N) before it lists
// them, as a library that gives up at its start does (issue 41).
const bool exited_in_listing = [] {
  const char* code = std::getenv("PERFGATE_TEST_EXIT_IN_LISTING");
  if (!code) return false;
  std::ifstream cmdline("/proc/self/cmdline");
  const std::string arguments((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
  if (arguments.find("--benchmark_list_tests=true") != std::string::npos) std::exit(std::atoi(code));
  return false;
}();

void BM_crashes(benchmark::State& state) {
  if (std::getenv("PERFGATE_TEST_CRASH")) std::abort();
  if (const char* hang = std::getenv("PERFGATE_TEST_HANG")) announce_and_hang(hang);
  if (const char* code = std::getenv("PERFGATE_TEST_EXIT")) std::exit(std::atoi(code));
  if (in_a_later_process()) {
    if (const char* code = std::getenv("PERFGATE_TEST_EXIT_IN_ROUND")) std::exit(std::atoi(code));
    if (const char* hang = std::getenv("PERFGATE_TEST_HANG_IN_ROUND")) hang_stubbornly(hang);
  }
  spin(state);
}
void BM_last(benchmark::State& state) { spin(state); }

BENCHMARK(BM_first)->Name("selftest/first")->UseRealTime()->MinTime(0.01);
BENCHMARK(BM_crashes)->Name("selftest/crashes")->UseRealTime()->MinTime(0.01);
BENCHMARK(BM_last)->Name("selftest/last")->UseRealTime()->MinTime(0.01);

}  // namespace
