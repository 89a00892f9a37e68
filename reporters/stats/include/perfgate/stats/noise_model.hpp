#pragma once
// Synthetic timing noise of known shape: what the gate's study simulates
// (tools/study) and what the host suite's test-only noisy case injects
// (perf/suites/host), one set of shapes for both, so that the study's
// figures and the end-to-end tests speak of the same noise.

#include <array>
#include <cstddef>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

namespace perfgate::stats {

// How one repetition's time scatters around a benchmark's true time T
// (s = NoiseSettings::scale):
//   normal        T * (1 + s Z)                     median T, sd s T
//   log_normal    T * exp(s Z)                      median T, sd of log s
//   heavy_tailed  T * exp(s t3 / sqrt(3))           median T, sd of log s;
//                 Student t with 3 degrees of freedom (infinite kurtosis)
//   bimodal       normal, and with probability slow_share the repetition
//                 also lands in a slow mode, slow_pct % slower
//   drift         normal, times (1 + sign * drift_pct % * i / (n - 1)) for
//                 repetition i of n: a linear drift over the run, its sign
//                 drawn per benchmark (shared by baseline and current)
enum class NoiseModel { normal, log_normal, heavy_tailed, bimodal, drift };

inline constexpr std::array<NoiseModel, 5> kNoiseModels = {NoiseModel::normal, NoiseModel::log_normal,
                                                           NoiseModel::heavy_tailed, NoiseModel::bimodal,
                                                           NoiseModel::drift};

const char* to_string(NoiseModel model);
// One line for the report, e.g. "Student t, 3 dof".
const char* describe(NoiseModel model);
std::optional<NoiseModel> noise_model_from_string(std::string_view text);

struct NoiseSettings {
  double scale = 0.02;       // s: 2%
  double slow_share = 0.10;  // bimodal: share of repetitions in the slow mode
  double slow_pct = 8.0;     // bimodal: how much slower that mode is
  double drift_pct = 1.0;    // drift: change from the first to the last repetition
};

// `repetitions` times of one benchmark whose true time is `centre` seconds.
// `drift_sign` (+1 or -1) is only read by NoiseModel::drift.
std::vector<double> draw_samples(NoiseModel model, const NoiseSettings& noise, double centre,
                                 std::size_t repetitions, int drift_sign, std::mt19937_64& rng);

}  // namespace perfgate::stats
