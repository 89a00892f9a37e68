#include "runtime/work_counters.hpp"

#include <gtest/gtest.h>

#include "perfgate/runtime/work.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

Ceilings ceilings() {
  Ceilings c;
  c.source = CeilingSource::measured;
  c.memory_bytes_per_s = 3e12;
  c.flops_per_s[Precision::bf16] = 770e12;
  return c;
}

double number(const BenchmarkResult& b, const char* name) { return std::get<double>(b.counters.at(name)); }
std::string label(const BenchmarkResult& b, const char* name) { return std::get<std::string>(b.counters.at(name)); }

// What perfgate::work(state) leaves in a run, as the collector records it.
BenchmarkResult declared_gemm() {
  BenchmarkResult b = testing::benchmark("gemm/bf16/8192", {1.50e-3, 1.45e-3, 1.43e-3});
  const double n = 8192;
  b.counters[work_counter::kFlop] = 2 * n * n * n;
  b.counters[work_counter::kBytesRead] = 2 * n * n * 2;
  b.counters[work_counter::kBytesWritten] = n * n * 2;
  b.counters[work_counter::kPrecision] = static_cast<double>(Precision::bf16);
  b.counters[work_counter::kFlopRate] = 7.6e14;
  b.counters[work_counter::kByteRate] = 2.7e11;
  b.counters[work_counter::kAlignment] = 1.0;
  return b;
}

TEST(WorkCounters, DerivesRatesAndRooflineFromTheMedianTime) {
  BenchmarkResult b = declared_gemm();
  derive_work_counters(b, ceilings());
  const double n = 8192, t = 1.45e-3;
  EXPECT_DOUBLE_EQ(number(b, "flop"), 2 * n * n * n);
  EXPECT_EQ(label(b, "precision"), "bf16");
  EXPECT_NEAR(number(b, "TFLOP/s"), 2 * n * n * n / t / 1e12, 1e-9);
  EXPECT_NEAR(number(b, "GB/s"), 6 * n * n / t / 1e9, 1e-9);
  EXPECT_NEAR(number(b, "arithmetic_intensity"), 2 * n / 6, 1e-9);
  EXPECT_NEAR(number(b, "compute_pct"), 100 * 2 * n * n * n / t / 770e12, 1e-9);
  EXPECT_EQ(label(b, "bound"), "compute");
  EXPECT_EQ(label(b, "ceilings"), "measured");
  EXPECT_EQ(number(b, "tc_alignment"), 1.0);
}

TEST(WorkCounters, TransportAndDisplayCountersAreRemoved) {
  BenchmarkResult b = declared_gemm();
  derive_work_counters(b, ceilings());
  for (const char* gone : {work_counter::kFlop, work_counter::kBytesRead, work_counter::kBytesWritten,
                           work_counter::kPrecision, work_counter::kFlopRate, work_counter::kByteRate})
    EXPECT_EQ(b.counters.count(gone), 0u) << gone;
}

TEST(WorkCounters, FlopsWithoutAPrecisionAreFp32) {
  BenchmarkResult b = testing::benchmark("sum", {1e-3});
  b.counters[work_counter::kFlop] = 1e9;
  b.counters[work_counter::kBytesRead] = 4e9;
  Ceilings c = ceilings();
  c.flops_per_s[Precision::fp32] = 50e12;
  c.flops_per_s[Precision::fp64] = 60e12;
  derive_work_counters(b, c);
  EXPECT_EQ(label(b, "precision"), "fp32");
  EXPECT_NEAR(number(b, "compute_pct"), 100 * 1e12 / 50e12, 1e-9);
}

TEST(WorkCounters, ACaseThatDeclaredNothingIsLeftAlone) {
  BenchmarkResult b = testing::benchmark("plain", {1e-3, 1e-3});
  b.counters["items"] = 3.0;
  const auto before = b.counters;
  derive_work_counters(b, ceilings());
  EXPECT_EQ(b.counters, before);
}

TEST(WorkCounters, AFailedCaseKeepsItsDeclarationsButGetsNoRates) {
  BenchmarkResult b = declared_gemm();
  b.samples.clear();
  b.error = "cublasGemmEx: CUBLAS_STATUS_EXECUTION_FAILED";
  derive_work_counters(b, ceilings());
  EXPECT_EQ(b.counters.count("flop"), 1u);
  EXPECT_EQ(b.counters.count("TFLOP/s"), 0u);
}

TEST(WorkCounters, BytesOnlyIsMemoryBoundWithoutAPrecision) {
  BenchmarkResult b = testing::benchmark("copy", {1e-3});
  b.counters[work_counter::kBytesRead] = 1.5e9;
  b.counters[work_counter::kBytesWritten] = 1.5e9;
  derive_work_counters(b, ceilings());
  EXPECT_NEAR(number(b, "GB/s"), 3000.0, 1e-9);
  EXPECT_NEAR(number(b, "memory_pct"), 100.0, 1e-9);
  EXPECT_EQ(label(b, "bound"), "memory");
  EXPECT_EQ(b.counters.count("precision"), 0u);
  EXPECT_EQ(b.counters.count("TFLOP/s"), 0u);
}

}  // namespace
}  // namespace perfgate
