// perfgate_change_point_study: how often the history's change-point triage
// (perfgate::stats::find_change_points) reports a change in a series where
// nothing changed, and how often it finds a real step at the right commit
// (docs/measurements.md, "Change-point triage (perfgate history changes)").
//
// A series is one benchmark's history: one log(median seconds) per run,
// ordered by commit, with run-to-run noise sigma.  For every noise model and
// length it draws --trials unchanged series and --trials series per step size
// k (k x sigma, half up, half down) at a uniformly drawn commit with at least
// min_segment runs on each side.  Deterministic given --seed (and the
// standard library's distributions).
//
// --sweep P,P,... instead prints, per model and length, the false-change rate
// and the detection of the --target-step at each threshold: the calibration of
// ChangePointSettings::max_p_value.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "perfgate/stats/change_point.hpp"

namespace {

using perfgate::stats::ChangePoint;
using perfgate::stats::ChangePointSettings;
using perfgate::stats::find_change_points;

enum class Model { gaussian, heavy_tailed, drift, outliers };

constexpr Model kModels[] = {Model::gaussian, Model::heavy_tailed, Model::drift, Model::outliers};

const char* to_string(Model model) {
  switch (model) {
    case Model::gaussian: return "gaussian";
    case Model::heavy_tailed: return "heavy-tailed";
    case Model::drift: return "drift";
    case Model::outliers: return "outliers";
  }
  return "?";
}

struct Options {
  std::size_t trials = 5000;
  bool quick = false;
  std::uint64_t seed = 20261124;
  std::vector<std::size_t> lengths = {30, 60};
  std::vector<double> steps = {1.0, 2.0, 3.0, 4.0, 6.0};
  std::vector<std::string> models;
  ChangePointSettings settings;
  double drift_sigmas = 2.0;    // drift model: total drift over the series
  double outlier_rate = 0.03;   // outliers model: chance of a disturbed run
  double outlier_sigmas = 10.0; // ... and how much slower it is
  std::vector<double> sweep;
  double target_step = 4.0;
  double target_false_pct = 1.0;
  double target_detection_pct = 95.0;
};

// The level and noise scale of the simulated history: a 1 ms benchmark with
// 2% run-to-run noise.  The detector is shift and scale invariant; these only
// keep the arithmetic where perfgate's real series are.
constexpr double kLevel = -6.907755278982137;  // log(1e-3)
constexpr double kSigma = 0.02;

// One noise draw in units of sigma: standard deviation 1 for the gaussian,
// drift and heavy-tailed models (Student t with 3 degrees of freedom has
// variance 3, hence the scale), outliers on top of gaussian noise.
class NoiseSource {
 public:
  NoiseSource(Model model, const Options& o, std::mt19937_64& rng) : model_(model), options_(o), rng_(rng) {}

  double draw() {
    if (model_ == Model::heavy_tailed) return student_(rng_) / std::sqrt(3.0);
    double value = gaussian_(rng_);
    if (model_ == Model::outliers && uniform_(rng_) < options_.outlier_rate) value += options_.outlier_sigmas;
    return value;
  }

 private:
  Model model_;
  const Options& options_;
  std::mt19937_64& rng_;
  std::normal_distribution<double> gaussian_{0.0, 1.0};
  std::student_t_distribution<double> student_{3.0};
  std::uniform_real_distribution<double> uniform_{0.0, 1.0};
};

// A series of `length` runs; a step of `step_sigmas` (signed) from `step_at`
// on, or none when step_sigmas is 0.  The drift model's direction is random.
std::vector<double> simulate(Model model, std::size_t length, double step_sigmas, std::size_t step_at,
                             const Options& o, std::mt19937_64& rng) {
  NoiseSource noise(model, o, rng);
  const double drift_sign = model == Model::drift ? ((rng() & 1u) ? 1.0 : -1.0) : 0.0;
  std::vector<double> series(length);
  for (std::size_t i = 0; i < length; ++i) {
    const double ramp = drift_sign * o.drift_sigmas * static_cast<double>(i) / static_cast<double>(length - 1);
    const double step = i >= step_at ? step_sigmas : 0.0;
    series[i] = kLevel + kSigma * (noise.draw() + ramp + step);
  }
  return series;
}

// Each cell its own stream, so a cell's figures do not depend on which other
// cells run.
std::mt19937_64 cell_rng(std::uint64_t seed, Model model, std::size_t length, std::size_t slot) {
  std::seed_seq seq{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                    static_cast<std::uint32_t>(model), static_cast<std::uint32_t>(length),
                    static_cast<std::uint32_t>(slot)};
  return std::mt19937_64(seq);
}

struct Cell {
  std::size_t series = 0;
  std::size_t hits = 0;         // unchanged: any change point; step: one within +-1 of the step
  std::size_t with_extra = 0;   // series with a change point that is not the step's
};

// Unchanged series: hits are false changes, every point an extra one.
Cell run_unchanged(Model model, std::size_t length, const Options& o, const ChangePointSettings& settings) {
  std::mt19937_64 rng = cell_rng(o.seed, model, length, 0);
  Cell cell;
  for (std::size_t t = 0; t < o.trials; ++t) {
    const std::vector<ChangePoint> points =
        find_change_points(simulate(model, length, 0.0, length, o, rng), settings);
    ++cell.series;
    cell.hits += points.empty() ? 0 : 1;
    cell.with_extra += points.empty() ? 0 : 1;
  }
  return cell;
}

bool near(std::size_t index, std::size_t step_at) {
  return index + 1 >= step_at && index <= step_at + 1;
}

// Step series: the step at a commit drawn from [m, length - m] (m runs at
// least on each side), up in even trials and down in odd ones.
Cell run_steps(Model model, std::size_t length, double k, std::size_t slot, const Options& o,
               const ChangePointSettings& settings) {
  std::mt19937_64 rng = cell_rng(o.seed, model, length, slot);
  const std::size_t m = o.settings.min_segment;
  std::uniform_int_distribution<std::size_t> position(m, length - m);
  Cell cell;
  for (std::size_t t = 0; t < o.trials; ++t) {
    const std::size_t at = position(rng);
    const double signed_k = (t % 2 == 0) ? k : -k;
    const std::vector<ChangePoint> points = find_change_points(simulate(model, length, signed_k, at, o, rng), settings);
    std::size_t matched = 0;
    for (const ChangePoint& point : points) matched += near(point.index, at) ? 1 : 0;
    const std::size_t extra = points.size() - std::min<std::size_t>(matched, 1);
    ++cell.series;
    cell.hits += matched > 0 ? 1 : 0;
    cell.with_extra += extra > 0 ? 1 : 0;
  }
  return cell;
}

double share(std::size_t hits, std::size_t trials) {
  return trials ? static_cast<double>(hits) / static_cast<double>(trials) : 0.0;
}

std::string pct(double value, int decimals) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f%%", decimals, value * 100.0);
  return text;
}

struct Row {
  Model model;
  std::size_t length;
  Cell unchanged;
  std::vector<Cell> steps;  // per --steps
};

std::vector<Model> selected_models(const Options& o) {
  std::vector<Model> models;
  for (const Model model : kModels) {
    bool wanted = o.models.empty();
    for (const std::string& name : o.models) wanted = wanted || name == to_string(model);
    if (wanted) models.push_back(model);
  }
  return models;
}

std::vector<Row> run_all(const Options& o) {
  std::vector<Row> rows;
  for (const Model model : selected_models(o))
    for (const std::size_t length : o.lengths) {
      Row row{model, length, run_unchanged(model, length, o, o.settings), {}};
      for (std::size_t s = 0; s < o.steps.size(); ++s)
        row.steps.push_back(run_steps(model, length, o.steps[s], s + 1, o, o.settings));
      rows.push_back(row);
    }
  return rows;
}

std::string describe_setup(const Options& o) {
  std::ostringstream md;
  md << "Simulated histories: lengths";
  for (const std::size_t length : o.lengths) md << " " << length;
  md << "; " << o.trials << " series per cell, seed " << o.seed << ". find_change_points with max_p_value "
     << o.settings.max_p_value << ", max_rank_p_value " << o.settings.max_rank_p_value << ", min_segment "
     << o.settings.min_segment << ".\n"
     << "Models (sigma = run-to-run standard deviation): gaussian; heavy-tailed = Student t, 3 dof, scaled to "
        "sd sigma; drift = gaussian plus a linear drift of "
     << o.drift_sigmas << " sigma over the series (random direction); outliers = gaussian, each run with chance "
     << o.outlier_rate << " " << o.outlier_sigmas << " sigma slower.\n"
     << "False changes: unchanged series with any change point. Step k: series with a change point within +-1 "
        "of the step / series with another point besides it.\n\n";
  return md.str();
}

std::string report(const Options& o, const std::vector<Row>& rows) {
  std::ostringstream md;
  md << describe_setup(o) << "| Model | Runs | False changes |";
  for (const double k : o.steps) md << " Step " << k << " sigma: found / extra |";
  md << "\n|---|---:|---:|";
  for (std::size_t s = 0; s < o.steps.size(); ++s) md << "---:|";
  md << "\n";
  for (const Row& row : rows) {
    md << "| " << to_string(row.model) << " | " << row.length << " | "
       << pct(share(row.unchanged.hits, row.unchanged.series), 2) << " |";
    for (const Cell& cell : row.steps)
      md << " " << pct(share(cell.hits, cell.series), 1) << " / " << pct(share(cell.with_extra, cell.series), 1)
         << " |";
    md << "\n";
  }
  return md.str();
}

std::string verdicts(const Options& o, const std::vector<Row>& rows) {
  std::size_t target_slot = o.steps.size();
  for (std::size_t s = 0; s < o.steps.size(); ++s)
    if (o.steps[s] == o.target_step) target_slot = s;
  std::ostringstream md;
  md << "\nTargets: false changes <= " << o.target_false_pct << "%, steps of " << o.target_step
     << " sigma found (+-1) >= " << o.target_detection_pct << "%.\n";
  for (const Row& row : rows) {
    const double false_pct = 100.0 * share(row.unchanged.hits, row.unchanged.series);
    md << "- " << to_string(row.model) << ", " << row.length << " runs: false changes "
       << (false_pct <= o.target_false_pct ? "met" : "MISSED");
    if (target_slot < row.steps.size()) {
      const Cell& cell = row.steps[target_slot];
      md << ", detection " << (100.0 * share(cell.hits, cell.series) >= o.target_detection_pct ? "met" : "MISSED");
    }
    md << "\n";
  }
  return md.str();
}

// The calibration table: every threshold against the same series (each
// threshold re-draws the same streams).
std::string sweep_report(const Options& o) {
  std::ostringstream md;
  md << describe_setup(o) << "| Model | Runs | max_p_value | False changes | Step " << o.target_step
     << " sigma found | extra |\n|---|---:|---:|---:|---:|---:|\n";
  for (const Model model : selected_models(o))
    for (const std::size_t length : o.lengths)
      for (const double p : o.sweep) {
        ChangePointSettings settings = o.settings;
        settings.max_p_value = p;
        const Cell unchanged = run_unchanged(model, length, o, settings);
        const Cell step = run_steps(model, length, o.target_step, 99, o, settings);
        md << "| " << to_string(model) << " | " << length << " | " << p << " | "
           << pct(share(unchanged.hits, unchanged.series), 2) << " | " << pct(share(step.hits, step.series), 1)
           << " | " << pct(share(step.with_extra, step.series), 1) << " |\n";
      }
  return md.str();
}

void add_options(CLI::App& app, Options& o) {
  app.add_option("--trials", o.trials, "series per cell")->check(CLI::Range(1, 100000000))->capture_default_str();
  app.add_flag("--quick", o.quick, "1000 series per cell (a smoke run)");
  app.add_option("--seed", o.seed, "seed of std::mt19937_64")->capture_default_str();
  app.add_option("--lengths", o.lengths, "runs per series")->delimiter(',')->capture_default_str();
  app.add_option("--steps", o.steps, "step sizes in sigma")->delimiter(',')->capture_default_str();
  app.add_option("--models", o.models, "noise models (default all): gaussian, heavy-tailed, drift, outliers")
      ->delimiter(',');
  app.add_option("--max-p", o.settings.max_p_value, "ChangePointSettings::max_p_value")
      ->check(CLI::Range(1e-300, 1.0))
      ->capture_default_str();
  app.add_option("--max-rank-p", o.settings.max_rank_p_value, "ChangePointSettings::max_rank_p_value (1: off)")
      ->check(CLI::Range(1e-300, 1.0))
      ->capture_default_str();
  app.add_option("--local-half-width", o.settings.local_half_width,
                 "ChangePointSettings::local_half_width (0: no local search)")->capture_default_str();
  app.add_option("--min-segment", o.settings.min_segment, "ChangePointSettings::min_segment")
      ->check(CLI::Range(2, 1000))
      ->capture_default_str();
  app.add_option("--drift", o.drift_sigmas, "drift model: total drift in sigma")->capture_default_str();
  app.add_option("--outlier-rate", o.outlier_rate, "outliers model: chance per run")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  app.add_option("--outlier-size", o.outlier_sigmas, "outliers model: slowdown in sigma")->capture_default_str();
  app.add_option("--sweep", o.sweep, "thresholds to compare instead of the table")->delimiter(',');
  app.add_option("--target-step", o.target_step, "step (sigma) of the detection target")->capture_default_str();
}

bool valid(const Options& o) {
  for (const std::size_t length : o.lengths)
    if (length < 2 * o.settings.min_segment) {
      std::cerr << "every length needs at least 2 x min-segment runs\n";
      return false;
    }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app{"perfgate_change_point_study: false changes and detection of the change-point triage"};
  add_options(app, o);
  CLI11_PARSE(app, argc, argv);
  if (o.quick) o.trials = 1000;
  if (!valid(o)) return 2;
  const auto start = std::chrono::steady_clock::now();
  if (!o.sweep.empty()) {
    std::cout << sweep_report(o);
  } else {
    const std::vector<Row> rows = run_all(o);
    std::cout << report(o, rows) << verdicts(o, rows);
  }
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  std::cout << "\nTook " << took.count() << " s.\n";
  return 0;
}
