#include "results_builder.hpp"

#include <cmath>
#include <random>

namespace perfgate::testing {

Fingerprint test_cpu(const std::string& name) {
  Fingerprint f;
  f.kind = DeviceKind::cpu;
  f.name = name;
  f.slug = make_slug(DeviceKind::cpu, name);
  f.host_cpu = name;
  f.logical_cpus = 8;
  return f;
}

Fingerprint test_gpu(const std::string& name, int sm_count) {
  Fingerprint f;
  f.kind = DeviceKind::gpu;
  f.name = name;
  f.slug = make_slug(DeviceKind::gpu, name);
  f.compute_capability = "9.0";
  f.sm_count = sm_count;
  f.memory_bytes = 85'520'809'984ull;
  f.l2_bytes = 52'428'800;
  f.max_sm_clock_mhz = 1980;
  f.max_memory_clock_mhz = 2619;
  f.memory_bus_bits = 5120;
  f.driver = "13.0";
  f.cuda_runtime = "13.0";
  f.host_cpu = "Test CPU 9000";
  return f;
}

std::vector<double> lognormal_samples(double median, double cv, std::size_t n, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::normal_distribution<double> normal(0.0, cv);
  std::vector<double> samples(n);
  for (double& s : samples) s = median * std::exp(normal(engine));
  return samples;
}

BenchmarkResult benchmark(const std::string& name, std::vector<double> samples) {
  BenchmarkResult b;
  b.name = name;
  b.samples = std::move(samples);
  b.iterations = 100;
  return b;
}

BenchmarkResult failed_benchmark(const std::string& name, const std::string& error) {
  BenchmarkResult b;
  b.name = name;
  b.error = error;
  return b;
}

BenchmarkResult skipped_benchmark(const std::string& name, const std::string& reason) {
  BenchmarkResult b;
  b.name = name;
  b.skipped = reason;
  return b;
}

Results results(const std::string& suite, std::vector<BenchmarkResult> benchmarks, Fingerprint device) {
  Results r;
  r.suite = suite;
  r.created_utc = "2026-11-22T10:00:00Z";
  r.fingerprint = std::move(device);
  r.source.git_commit = "0123456789abcdef0123456789abcdef01234567";
  r.source.perfgate_version = "test";
  r.benchmarks = std::move(benchmarks);
  return r;
}

KernelSummary traced_kernel(const std::string& name, std::int64_t calls, double median_ns, std::uint64_t seed,
                            std::size_t samples) {
  return {name, calls, median_ns, lognormal_samples(median_ns, 0.01, samples, seed)};
}

BenchmarkResult traced_benchmark(const std::string& name, double median, std::uint64_t seed,
                                 std::vector<KernelSummary> kernels, std::int64_t iterations,
                                 std::int64_t dropped_records) {
  BenchmarkResult b = benchmark(name, lognormal_samples(median, 0.01, 10, seed));
  b.kernels = std::move(kernels);
  b.trace = TraceInfo{"traces/" + name + ".json", iterations, dropped_records};
  return b;
}

}  // namespace perfgate::testing
