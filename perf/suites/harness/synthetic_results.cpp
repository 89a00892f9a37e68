#include "synthetic_results.hpp"

#include <cmath>
#include <random>
#include <string>

namespace perfgate::harness {

Results synthetic_results(std::size_t benchmarks, std::size_t samples, std::size_t slow_every, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::normal_distribution<double> noise(0.0, 0.02);
  Results r;
  r.suite = "synthetic";
  r.created_utc = utc_timestamp_now();
  r.fingerprint.kind = DeviceKind::cpu;
  r.fingerprint.name = "Synthetic CPU";
  r.fingerprint.slug = make_slug(DeviceKind::cpu, r.fingerprint.name);
  r.benchmarks.reserve(benchmarks);
  for (std::size_t i = 0; i < benchmarks; ++i) {
    BenchmarkResult b;
    b.name = "family" + std::to_string(i / 100) + "/case/" + std::to_string(i);
    const double median = (slow_every > 0 && i % slow_every == 0) ? 1.2e-3 : 1e-3;
    for (std::size_t s = 0; s < samples; ++s) b.samples.push_back(median * std::exp(noise(engine)));
    b.iterations = 1000;
    b.counters["bytes_per_second"] = 1e9;
    r.benchmarks.push_back(std::move(b));
  }
  return r;
}

}  // namespace perfgate::harness
