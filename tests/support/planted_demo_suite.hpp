#pragma once
// The suite of the tests that build a small project of their own against
// the installed perfgate (against_reference_e2e_test, bisect_e2e_test):
// BM_planted does kPlantedFactor times the work of BM_steady, the factor
// in work_factor.hpp, which each test's commits change ("inline constexpr
// long kPlantedFactor = 3;").

namespace perfgate::testing {

inline constexpr const char* kPlantedDemoSuite = R"(#include "perfgate/perfgate.hpp"
#include "work_factor.hpp"

namespace {
double spin(long n) {
  double x = 1.0;
  for (long i = 0; i < n; ++i) {
    x = x * 1.0000001 + 1e-9;
    benchmark::DoNotOptimize(x);
  }
  return x;
}
void BM_planted(benchmark::State& s) { for (auto _ : s) benchmark::DoNotOptimize(spin(300000 * kPlantedFactor)); }
void BM_steady(benchmark::State& s) { for (auto _ : s) benchmark::DoNotOptimize(spin(300000)); }
}  // namespace
BENCHMARK(BM_planted)->UseRealTime()->MinTime(0.02);
BENCHMARK(BM_steady)->UseRealTime()->MinTime(0.02);
)";

}  // namespace perfgate::testing
