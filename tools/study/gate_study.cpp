// perfgate_gate_study: the gate's suite-level false alarms and its power,
// simulated (docs/measurements.md, "The gate's false alarms and power: a
// simulation").  For every noise model it draws --trials A/A suites (nothing
// changed) and --trials suites per effect size with one benchmark slowed
// down, and judges each with perfgate's gate (compare_results, no
// confirmation re-measurement) and with compare.py's rule (Mann-Whitney U,
// p < 0.05 per benchmark).  Deterministic given --seed.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "gate_simulation.hpp"

namespace {

using namespace perfgate;
using namespace perfgate::study;

struct Options {
  std::size_t benchmarks = 40;
  std::size_t repetitions = 10;
  std::size_t trials = 2000;
  std::uint64_t seed = 20261122;
  double noise_pct = 2.0;
  std::vector<double> effects_pct = {2.0, 5.0, 10.0, 20.0};
  std::vector<std::string> models;
  GateSettings gate;
  std::string out;
  double target_false_alarm_pct = 1.0;
  double target_power_pct = 95.0;
  double target_effect_pct = 10.0;
};

struct Row {
  NoiseModel model;
  CellCounts null_cell;
  std::vector<CellCounts> power;  // per effect size
};

// Each cell has its own stream, so a cell's figures do not depend on which
// other cells (models, effects, gate settings) are run.
std::mt19937_64 cell_rng(std::uint64_t seed, NoiseModel model, std::size_t effect_slot) {
  std::seed_seq seq{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                    static_cast<std::uint32_t>(model), static_cast<std::uint32_t>(effect_slot)};
  return std::mt19937_64(seq);
}

std::string pct(double value, int decimals) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, value * 100.0);
  return text;
}

// "93.4% [92.2–94.4]"; false alarms, being small, with two decimals.
std::string proportion(const std::size_t hits, const std::size_t trials, int decimals = 1) {
  const Interval ci = wilson_interval(hits, trials);
  const double p = trials ? static_cast<double>(hits) / static_cast<double>(trials) : 0.0;
  return pct(p, decimals) + "% [" + pct(ci.low, decimals) + "–" + pct(ci.high, decimals) + "]";
}

std::string format_effect(double effect_pct) {
  std::ostringstream s;
  s << effect_pct << "%";
  return s.str();
}

std::string report(const Options& o, const std::vector<Row>& rows) {
  std::ostringstream md;
  md << "Simulated suites: " << o.benchmarks << " benchmarks, " << o.repetitions
     << " repetitions a side, noise scale " << o.noise_pct << "%, " << o.trials
     << " suites per cell, seed " << o.seed << ".\n"
     << "perfgate gate: threshold " << o.gate.threshold_pct << "%, noise multiplier " << o.gate.noise_multiplier
     << ", BH q < " << o.gate.fdr_q << ", min samples " << o.gate.min_samples << ", interval "
     << o.gate.confidence * 100.0 << "%; no confirmation re-measurement.\n"
     << "compare.py rule: Mann-Whitney U p < 0.05 and a slower median, per benchmark, no correction.\n"
     << "False alarms: share of A/A suites with any REGRESSION. Power: share of suites whose one planted "
        "slowdown is a REGRESSION. Brackets: 95% Wilson interval.\n\n";
  md << "| Noise model | perfgate false alarms | compare.py false alarms |";
  for (double e : o.effects_pct) md << " perfgate power " << format_effect(e) << " |";
  for (double e : o.effects_pct) md << " compare.py power " << format_effect(e) << " |";
  md << "\n|---|---:|---:|";
  for (std::size_t i = 0; i < 2 * o.effects_pct.size(); ++i) md << "---:|";
  md << "\n";
  for (const Row& r : rows) {
    md << "| " << to_string(r.model) << " | " << proportion(r.null_cell.perfgate_hits, r.null_cell.suites, 2)
       << " | " << proportion(r.null_cell.compare_py_hits, r.null_cell.suites) << " |";
    for (const CellCounts& c : r.power) md << " " << proportion(c.perfgate_hits, c.suites) << " |";
    for (const CellCounts& c : r.power) md << " " << proportion(c.compare_py_hits, c.suites) << " |";
    md << "\n";
  }
  md << "\nperfgate's misses of the planted slowdown: NO_CHANGE (within the practical threshold) / "
        "INCONCLUSIVE (beyond it, without the evidence), as shares of the suites.\n\n| Noise model |";
  for (double e : o.effects_pct) md << " " << format_effect(e) << " |";
  md << "\n|---|";
  for (std::size_t i = 0; i < o.effects_pct.size(); ++i) md << "---:|";
  md << "\n";
  for (const Row& r : rows) {
    md << "| " << to_string(r.model) << " |";
    for (const CellCounts& c : r.power) {
      const double n = static_cast<double>(c.suites);
      md << " " << pct(static_cast<double>(c.perfgate_missed_threshold) / n, 1) << "% / "
         << pct(static_cast<double>(c.perfgate_missed_evidence) / n, 1) << "% |";
    }
    md << "\n";
  }
  // The targets, for perfgate: false alarms and power at the target effect.
  std::size_t target_slot = o.effects_pct.size();
  for (std::size_t i = 0; i < o.effects_pct.size(); ++i)
    if (o.effects_pct[i] == o.target_effect_pct) target_slot = i;
  md << "\nTargets (perfgate): suite false alarms <= " << o.target_false_alarm_pct << "%, power >= "
     << o.target_power_pct << "% at " << format_effect(o.target_effect_pct) << ".\n";
  for (const Row& r : rows) {
    const double fa = 100.0 * static_cast<double>(r.null_cell.perfgate_hits) / static_cast<double>(r.null_cell.suites);
    md << "- " << to_string(r.model) << ": false alarms " << (fa <= o.target_false_alarm_pct ? "met" : "MISSED");
    if (target_slot < r.power.size()) {
      const CellCounts& c = r.power[target_slot];
      const double power = 100.0 * static_cast<double>(c.perfgate_hits) / static_cast<double>(c.suites);
      md << ", power " << (power >= o.target_power_pct ? "met" : "MISSED");
    }
    md << "\n";
  }
  return md.str();
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app{"perfgate_gate_study: simulated false alarms and power of perfgate's gate"};
  app.add_option("--benchmarks", o.benchmarks, "benchmarks per suite")->check(CLI::Range(1, 100000))->capture_default_str();
  app.add_option("--repetitions", o.repetitions, "repetitions a side")->check(CLI::Range(2, 100000))->capture_default_str();
  app.add_option("--trials", o.trials, "suites per cell")->check(CLI::Range(1, 100000000))->capture_default_str();
  app.add_option("--seed", o.seed, "seed of std::mt19937_64")->capture_default_str();
  app.add_option("--noise", o.noise_pct, "noise scale in %")->check(CLI::Range(0.0, 50.0))->capture_default_str();
  app.add_option("--effects", o.effects_pct, "planted slowdowns in %")->delimiter(',')->capture_default_str();
  app.add_option("--models", o.models, "noise models (default all): normal, log-normal, heavy-tailed, bimodal, drift")
      ->delimiter(',');
  app.add_option("--threshold", o.gate.threshold_pct, "GateSettings::threshold_pct")
      ->check(CLI::NonNegativeNumber)->capture_default_str();
  app.add_option("--noise-multiplier", o.gate.noise_multiplier, "GateSettings::noise_multiplier")
      ->check(CLI::NonNegativeNumber)->capture_default_str();
  app.add_option("--fdr", o.gate.fdr_q, "GateSettings::fdr_q")->check(CLI::Range(0.0, 1.0))->capture_default_str();
  app.add_option("--min-samples", o.gate.min_samples, "GateSettings::min_samples")->capture_default_str();
  app.add_option("--out", o.out, "also write the Markdown report here");
  CLI11_PARSE(app, argc, argv);

  std::vector<NoiseModel> models;
  if (o.models.empty()) models.assign(kNoiseModels.begin(), kNoiseModels.end());
  for (const std::string& name : o.models) {
    const auto m = noise_model_from_string(name);
    if (!m) {
      std::cerr << "unknown noise model: " << name << "\n";
      return 2;
    }
    models.push_back(*m);
  }

  const auto start = std::chrono::steady_clock::now();
  std::vector<Row> rows;
  for (NoiseModel model : models) {
    SuiteSpec spec;
    spec.model = model;
    spec.noise.scale = o.noise_pct / 100.0;
    spec.benchmarks = o.benchmarks;
    spec.repetitions = o.repetitions;
    Row row{model, {}, {}};
    std::mt19937_64 rng = cell_rng(o.seed, model, 0);
    row.null_cell = run_cell(spec, o.gate, o.trials, rng);
    for (std::size_t i = 0; i < o.effects_pct.size(); ++i) {
      spec.slowdown = o.effects_pct[i] / 100.0;
      std::mt19937_64 effect_rng = cell_rng(o.seed, model, i + 1);
      row.power.push_back(run_cell(spec, o.gate, o.trials, effect_rng));
    }
    rows.push_back(std::move(row));
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const std::string md = report(o, rows);
  std::cout << md << std::flush;
  if (!o.out.empty()) {
    std::ofstream file(o.out);
    file << md;
    if (!file) {
      std::cerr << "cannot write " << o.out << "\n";
      return 2;
    }
  }
  std::fprintf(stderr, "simulated in %.1f s\n", seconds);
  return 0;
}
