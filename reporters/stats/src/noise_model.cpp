#include "perfgate/stats/noise_model.hpp"

#include <cmath>

namespace perfgate::stats {

const char* to_string(NoiseModel model) {
  switch (model) {
    case NoiseModel::normal: return "normal";
    case NoiseModel::log_normal: return "log-normal";
    case NoiseModel::heavy_tailed: return "heavy-tailed";
    case NoiseModel::bimodal: return "bimodal";
    case NoiseModel::drift: return "drift";
  }
  return "unknown";
}

const char* describe(NoiseModel model) {
  switch (model) {
    case NoiseModel::normal: return "T(1 + sZ)";
    case NoiseModel::log_normal: return "T exp(sZ)";
    case NoiseModel::heavy_tailed: return "T exp(s t3 / sqrt 3), Student t with 3 dof";
    case NoiseModel::bimodal: return "normal; 10% of repetitions in a mode 8% slower";
    case NoiseModel::drift: return "normal x linear drift 0 to +-1% over the repetitions";
  }
  return "unknown";
}

std::optional<NoiseModel> noise_model_from_string(std::string_view text) {
  for (NoiseModel m : kNoiseModels)
    if (text == to_string(m)) return m;
  return std::nullopt;
}

std::vector<double> draw_samples(NoiseModel model, const NoiseSettings& noise, double centre,
                                 std::size_t repetitions, int drift_sign, std::mt19937_64& rng) {
  std::normal_distribution<double> z(0.0, 1.0);
  std::student_t_distribution<double> t3(3.0);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const double s = noise.scale;
  std::vector<double> samples;
  samples.reserve(repetitions);
  for (std::size_t i = 0; i < repetitions; ++i) {
    double x = centre;
    switch (model) {
      case NoiseModel::normal: x *= 1.0 + s * z(rng); break;
      case NoiseModel::log_normal: x *= std::exp(s * z(rng)); break;
      case NoiseModel::heavy_tailed: x *= std::exp(s * t3(rng) / std::sqrt(3.0)); break;
      case NoiseModel::bimodal:
        x *= 1.0 + s * z(rng);
        if (u(rng) < noise.slow_share) x *= 1.0 + noise.slow_pct / 100.0;
        break;
      case NoiseModel::drift: {
        x *= 1.0 + s * z(rng);
        const double position = repetitions > 1 ? static_cast<double>(i) / static_cast<double>(repetitions - 1) : 0.0;
        x *= 1.0 + (drift_sign < 0 ? -1.0 : 1.0) * noise.drift_pct / 100.0 * position;
        break;
      }
    }
    samples.push_back(x);
  }
  return samples;
}

}  // namespace perfgate::stats
