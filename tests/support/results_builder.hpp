#pragma once
// Synthetic results for tests: samples with a known centre and noise.

#include <cstdint>
#include <string>
#include <vector>

#include "perfgate/model/results.hpp"

namespace perfgate::testing {

Fingerprint test_cpu(const std::string& name = "Test CPU 9000");
Fingerprint test_gpu(const std::string& name = "NVIDIA H100 80GB HBM3", int sm_count = 132);

// Log-normal samples: median `median` seconds, spread `cv` (sigma of the log).
std::vector<double> lognormal_samples(double median, double cv, std::size_t n, std::uint64_t seed);

BenchmarkResult benchmark(const std::string& name, std::vector<double> samples);
BenchmarkResult failed_benchmark(const std::string& name, const std::string& error);
BenchmarkResult skipped_benchmark(const std::string& name, const std::string& reason);

// A kernel of a traced pass: `calls` launches, `samples` single-launch
// durations near `median_ns` (1% noise).
KernelSummary traced_kernel(const std::string& name, std::int64_t calls, double median_ns, std::uint64_t seed,
                            std::size_t samples = 30);

// A traced case: 10 samples near `median` seconds (1% noise), its kernels,
// and a trace of `iterations` calls of its work.
BenchmarkResult traced_benchmark(const std::string& name, double median, std::uint64_t seed,
                                 std::vector<KernelSummary> kernels, std::int64_t iterations = 30,
                                 std::int64_t dropped_records = 0);

Results results(const std::string& suite, std::vector<BenchmarkResult> benchmarks, Fingerprint device = test_cpu());

}  // namespace perfgate::testing
