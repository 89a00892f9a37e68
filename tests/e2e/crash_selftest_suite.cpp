// A suite binary whose middle case crashes (abort) when PERFGATE_TEST_CRASH
// is set: the fixture of the crash tests (tests/e2e/crash_e2e_test.cpp).

#include <cstdlib>

#include "perfgate/perfgate.hpp"

namespace {

void spin(benchmark::State& state) {
  for (auto _ : state) {
    double x = 1.0;
    for (int i = 0; i < 20000; ++i) x = x * 1.0000001 + 1e-9;
    benchmark::DoNotOptimize(x);
  }
}

void BM_first(benchmark::State& state) { spin(state); }
void BM_crashes(benchmark::State& state) {
  if (std::getenv("PERFGATE_TEST_CRASH")) std::abort();
  spin(state);
}
void BM_last(benchmark::State& state) { spin(state); }

BENCHMARK(BM_first)->Name("selftest/first")->UseRealTime()->MinTime(0.01);
BENCHMARK(BM_crashes)->Name("selftest/crashes")->UseRealTime()->MinTime(0.01);
BENCHMARK(BM_last)->Name("selftest/last")->UseRealTime()->MinTime(0.01);

}  // namespace
