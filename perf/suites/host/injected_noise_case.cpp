#include "injected_noise_case.hpp"

#include <benchmark/benchmark.h>

#include <fstream>
#include <optional>
#include <random>
#include <string>

#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/fault_switch.hpp"
#include "perfgate/stats/noise_model.hpp"

namespace perfgate::host {
namespace {

constexpr double kCentreSeconds = 1e-3;

struct InjectedNoise {
  stats::NoiseModel model = stats::NoiseModel::normal;
  stats::NoiseSettings settings;
  double slowdown = 0.0;  // planted: 0.4 is 40% slower
};

double percent(const std::string& text, const std::string& value) {
  try {
    std::size_t used = 0;
    const double v = std::stod(text, &used);
    if (used == text.size() && v >= 0.0 && v <= 1000.0) return v / 100.0;
  } catch (const std::exception&) {
  }
  throw InputError("PERFGATE_HOST_NOISE=" + value + ": '" + text + "' is not a percentage from 0 to 1000");
}

// "<shape>:<scale %>[:<slowdown %>]"; the bimodal slow mode 4 noise scales
// away, as the study's targets draw it.
InjectedNoise parse_noise(const std::string& value) {
  const std::size_t first = value.find(':');
  const std::size_t second = first == std::string::npos ? first : value.find(':', first + 1);
  const auto model = stats::noise_model_from_string(value.substr(0, first));
  if (!model || first == std::string::npos)
    throw InputError("PERFGATE_HOST_NOISE=" + value + ": expected <shape>:<scale %>[:<slowdown %>], the shape one of "
                     "normal, log-normal, heavy-tailed, bimodal, drift");
  InjectedNoise noise;
  noise.model = *model;
  noise.settings.scale = percent(value.substr(first + 1, second - first - 1), value);
  noise.settings.slow_pct = 400.0 * noise.settings.scale;
  noise.settings.drift_pct = 50.0 * noise.settings.scale;
  if (second != std::string::npos) noise.slowdown = percent(value.substr(second + 1), value);
  return noise;
}

// The seed of this process: the next number of the sequence file, or random.
std::uint64_t next_seed() {
  const std::optional<std::string> file = fault_switch("PERFGATE_HOST_NOISE_SEQUENCE");
  if (!file) return std::random_device{}();
  std::uint64_t seed = 0;
  std::ifstream(*file) >> seed;
  std::ofstream out(*file, std::ios::trunc);
  out << seed + 1 << '\n';
  if (!out) throw InputError("PERFGATE_HOST_NOISE_SEQUENCE=" + *file + ": cannot write the next seed");
  return seed;
}

void noisy_case(benchmark::State& state, const std::string& value) {
  static const InjectedNoise noise = parse_noise(value);
  static std::mt19937_64 rng(next_seed());
  static const int drift_sign = 1;
  for (auto _ : state) {
    const double seconds = stats::draw_samples(noise.model, noise.settings, kCentreSeconds * (1.0 + noise.slowdown), 1,
                                               drift_sign, rng)
                               .front();
    state.SetIterationTime(seconds);
  }
}

}  // namespace

void register_injected_noise_case() {
  const std::optional<std::string> value = fault_switch("PERFGATE_HOST_NOISE");
  if (!value) return;
  const std::string shape = value->substr(0, value->find(':'));
  benchmark::RegisterBenchmark(("host/noise/" + shape).c_str(), [value = *value](benchmark::State& s) { noisy_case(s, value); })
      ->UseManualTime()
      ->Iterations(1)
      ->Unit(benchmark::kMillisecond);
}

}  // namespace perfgate::host
