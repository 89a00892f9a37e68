// perfgate_triage_study: what the history's triage (perfgate::stats::
// find_change_points) finds in the histories of issue 27, beside Apache Otava
// on the same series (docs/measurements.md, "Change-point triage").
//
// Scenarios, each a series of one log(median) per run with gaussian run noise
// sigma (2% of a 1 ms benchmark):
//   none   nothing changes;
//   step   one step of --size sigma (half up, half down) at a commit drawn
//          with at least 3 runs on each side;
//   bump   a step of --size sigma and, later, the step back (a regression
//          fixed, or an improvement lost): width drawn from 3 .. runs/2 runs,
//          at least 3 runs before and after it;
//   drift  a ramp of --drift-pct percent over --drift-runs runs (at most half
//          the series), flat runs on both sides;
//   stairs two steps of --size sigma in one direction, 10 runs apart (at most
//          a third of the series): two real steps that a drift must not eat.
// Scoring (the same in otava_compare.py): a reported change at index i (the
// first run at the new level; a drift: its range [first, last]) finds a true
// edge t when |i - t| <= 1 (a drift when t lies in [first - 1, last + 1]); a
// true drift is found by any change within its ramp +-1.  A reported change
// that finds no true edge is a false change.
//
// --csv FILE writes every series (medians in seconds) with its truth and what
// perfgate reported, for tools/study/otava_compare.py.  --timing instead
// times the detector on unchanged series of 100, 2,000 and 10,000 points.
// Deterministic given --seed.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
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

enum class Scenario { none, step, bump, drift, stairs };
constexpr Scenario kScenarios[] = {Scenario::none, Scenario::step, Scenario::bump, Scenario::drift, Scenario::stairs};

const char* to_string(Scenario scenario) {
  switch (scenario) {
    case Scenario::none: return "none";
    case Scenario::step: return "step";
    case Scenario::bump: return "bump";
    case Scenario::drift: return "drift";
    case Scenario::stairs: return "stairs";
  }
  return "?";
}

struct Options {
  std::size_t trials = 40;
  std::uint64_t seed = 20261126;
  std::vector<std::size_t> lengths = {20, 40, 100};
  double size_sigmas = 6.0;
  double drift_pct = 3.0;
  std::size_t drift_runs = 30;
  std::string csv;
  bool timing = false;
  ChangePointSettings settings;
};

constexpr double kLevel = -6.907755278982137;  // log(1e-3): a 1 ms benchmark
constexpr double kSigma = 0.02;                // 2% run-to-run noise

// What is true of a series: the edges of its steps, or a drift's ramp
// [first moved run, first run at the new level].
struct Truth {
  std::vector<std::size_t> edges;
  bool drift = false;
  std::size_t ramp_first = 0;
  std::size_t ramp_last = 0;
};

struct Series {
  Truth truth;
  std::vector<double> logs;
};

std::size_t draw(std::mt19937_64& rng, std::size_t low, std::size_t high) {
  return std::uniform_int_distribution<std::size_t>(low, high)(rng);
}

// The level (in sigma) at each run, before noise.
std::vector<double> shape_of(Scenario scenario, std::size_t n, std::size_t trial, const Options& o,
                             std::mt19937_64& rng, Truth& truth) {
  std::vector<double> level(n, 0.0);
  const double sign = trial % 2 == 0 ? 1.0 : -1.0;
  if (scenario == Scenario::step) {
    const std::size_t at = draw(rng, 3, n - 3);
    truth.edges = {at};
    for (std::size_t i = at; i < n; ++i) level[i] = sign * o.size_sigmas;
  } else if (scenario == Scenario::bump) {
    const std::size_t width = draw(rng, 3, std::max<std::size_t>(3, n / 2));
    const std::size_t begin = draw(rng, 3, n - 3 - width);
    truth.edges = {begin, begin + width};
    for (std::size_t i = begin; i < begin + width; ++i) level[i] = sign * o.size_sigmas;
  } else if (scenario == Scenario::stairs) {
    const std::size_t apart = std::min<std::size_t>(10, n / 3);
    const std::size_t first = draw(rng, 3, n - 3 - apart);
    truth.edges = {first, first + apart};
    for (std::size_t i = first; i < n; ++i) level[i] = sign * o.size_sigmas * (i >= first + apart ? 2.0 : 1.0);
  } else if (scenario == Scenario::drift) {
    const std::size_t span = std::min(o.drift_runs, n / 2);
    const std::size_t first = draw(rng, 3, n - 3 - span);
    const double total = sign * std::log1p(o.drift_pct / 100.0) / kSigma;
    truth.drift = true;
    truth.ramp_first = first;
    truth.ramp_last = first + span - 1;
    for (std::size_t i = first; i < n; ++i)
      level[i] = total * std::min(1.0, static_cast<double>(i - first + 1) / static_cast<double>(span));
  }
  return level;
}

Series simulate(Scenario scenario, std::size_t n, std::size_t trial, const Options& o, std::mt19937_64& rng) {
  Series series;
  const std::vector<double> level = shape_of(scenario, n, trial, o, rng, series.truth);
  std::normal_distribution<double> noise(0.0, 1.0);
  for (const double l : level) series.logs.push_back(kLevel + kSigma * (l + noise(rng)));
  return series;
}

std::mt19937_64 cell_rng(std::uint64_t seed, Scenario scenario, std::size_t length) {
  std::seed_seq seq{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                    static_cast<std::uint32_t>(scenario), static_cast<std::uint32_t>(length)};
  return std::mt19937_64(seq);
}

// A reported change as a range of runs (a step: one run).
struct Reported {
  std::size_t first;
  std::size_t last;
  bool drift;
};

std::vector<Reported> reported(const std::vector<ChangePoint>& points) {
  std::vector<Reported> out;
  for (const ChangePoint& p : points)
    out.push_back(p.drift ? Reported{p.first_moved, p.first_at_level, true} : Reported{p.index, p.index, false});
  return out;
}

bool covers(const Reported& r, std::size_t low, std::size_t high) {
  return r.first <= high + 1 && low <= r.last + 1;  // [first-1, last+1] meets [low, high]
}

struct Score {
  std::size_t series = 0;
  std::size_t edges = 0;
  std::size_t found = 0;
  std::size_t false_changes = 0;
  std::size_t series_with_false = 0;
  std::size_t as_drift = 0;  // true drifts found as a drift; other scenarios: changes called drift
};

void score(const Truth& truth, const std::vector<Reported>& changes, Score& s) {
  ++s.series;
  std::vector<bool> matched(changes.size(), false);
  const auto find = [&](std::size_t low, std::size_t high) {
    bool any = false;
    for (std::size_t c = 0; c < changes.size(); ++c)
      if (covers(changes[c], low, high)) matched[c] = any = true;
    return any;
  };
  if (truth.drift) {
    ++s.edges;
    s.found += find(truth.ramp_first, truth.ramp_last) ? 1 : 0;
    bool as_drift = false;
    for (std::size_t c = 0; c < changes.size(); ++c) as_drift = as_drift || (matched[c] && changes[c].drift);
    s.as_drift += as_drift ? 1 : 0;
  } else {
    for (const std::size_t edge : truth.edges) {
      ++s.edges;
      s.found += find(edge, edge) ? 1 : 0;
    }
    for (const Reported& r : changes) s.as_drift += r.drift ? 1 : 0;
  }
  const std::size_t unmatched = static_cast<std::size_t>(std::count(matched.begin(), matched.end(), false));
  s.false_changes += unmatched;
  s.series_with_false += unmatched > 0 ? 1 : 0;
}

std::string truth_text(const Truth& t) {
  std::ostringstream out;
  if (t.drift) out << t.ramp_first << "-" << t.ramp_last;
  for (std::size_t i = 0; i < t.edges.size(); ++i) out << (i ? ";" : "") << t.edges[i];
  return out.str();
}

std::string reported_text(const std::vector<Reported>& changes) {
  std::ostringstream out;
  for (std::size_t i = 0; i < changes.size(); ++i) {
    out << (i ? ";" : "") << changes[i].first;
    if (changes[i].drift) out << "-" << changes[i].last;
  }
  return out.str();
}

void write_csv_row(std::ostream& csv, Scenario scenario, std::size_t n, std::size_t trial, const Series& series,
                   const std::vector<Reported>& changes) {
  csv << to_string(scenario) << "," << n << "," << trial << "," << truth_text(series.truth) << ","
      << reported_text(changes) << ",";
  char number[32];
  for (std::size_t i = 0; i < series.logs.size(); ++i) {
    std::snprintf(number, sizeof number, "%.10g", std::exp(series.logs[i]));
    csv << (i ? " " : "") << number;
  }
  csv << "\n";
}

std::string percent(std::size_t part, std::size_t whole) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
  return text;
}

void run_study(const Options& o, std::ostream* csv) {
  std::cout << "Scenarios: " << o.trials << " series each, seed " << o.seed << ", noise 2% (gaussian), step and bump "
            << o.size_sigmas << " sigma, drift " << o.drift_pct << "% over " << o.drift_runs
            << " runs (at most half the series).\n\n"
            << "| Scenario | Runs | Edges | Found (+-1) | False changes | Series with a false change | Drift called |\n"
            << "|---|---:|---:|---:|---:|---:|---:|\n";
  if (csv) *csv << "scenario,runs,trial,truth,perfgate,medians\n";
  for (const std::size_t n : o.lengths)
    for (const Scenario scenario : kScenarios) {
      std::mt19937_64 rng = cell_rng(o.seed, scenario, n);
      Score s;
      for (std::size_t trial = 0; trial < o.trials; ++trial) {
        const Series series = simulate(scenario, n, trial, o, rng);
        const std::vector<Reported> changes = reported(find_change_points(series.logs, o.settings));
        score(series.truth, changes, s);
        if (csv) write_csv_row(*csv, scenario, n, trial, series, changes);
      }
      std::cout << "| " << to_string(scenario) << " | " << n << " | " << s.edges << " | " << s.found << " ("
                << percent(s.found, s.edges) << ") | " << s.false_changes << " | " << s.series_with_false << " ("
                << percent(s.series_with_false, s.series) << ") | " << s.as_drift << " |\n";
    }
}

// Microseconds per call of find_change_points on unchanged gaussian series.
void run_timing(const Options& o) {
  std::cout << "| Points | Series | Time per series |\n|---:|---:|---:|\n";
  for (const std::size_t n : {std::size_t{100}, std::size_t{2000}, std::size_t{10000}}) {
    std::mt19937_64 rng = cell_rng(o.seed, Scenario::none, n);
    const std::size_t count = std::max<std::size_t>(1, 200000 / n);
    std::vector<Series> series;
    for (std::size_t t = 0; t < count; ++t) series.push_back(simulate(Scenario::none, n, t, o, rng));
    std::size_t found = 0;
    const auto start = std::chrono::steady_clock::now();
    for (const Series& s : series) found += find_change_points(s.logs, o.settings).size();
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    char line[128];
    std::snprintf(line, sizeof line, "| %zu | %zu | %.3f ms |", n, count, 1e3 * took.count() / static_cast<double>(count));
    std::cout << line << (found ? " (changes found: " + std::to_string(found) + ")" : "") << "\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app{"perfgate_triage_study: the triage on issue 27's histories (none, step, bump, drift)"};
  app.add_option("--trials", o.trials, "series per scenario and length")->check(CLI::Range(1, 10000000))->capture_default_str();
  app.add_option("--seed", o.seed, "seed of std::mt19937_64")->capture_default_str();
  app.add_option("--lengths", o.lengths, "runs per series")->delimiter(',')->check(CLI::Range(20, 1000000))->capture_default_str();
  app.add_option("--size", o.size_sigmas, "step and bump size in sigma")->capture_default_str();
  app.add_option("--drift-pct", o.drift_pct, "drift: total change in percent")->capture_default_str();
  app.add_option("--drift-runs", o.drift_runs, "drift: runs the ramp takes")->check(CLI::Range(2, 1000000))->capture_default_str();
  app.add_option("--max-bump-p", o.settings.max_bump_p_value, "ChangePointSettings::max_bump_p_value (0: off)")
      ->check(CLI::Range(0.0, 1.0))->capture_default_str();
  app.add_option("--max-bump-width", o.settings.max_bump_width, "ChangePointSettings::max_bump_width")
      ->check(CLI::Range(1, 1000000))->capture_default_str();
  app.add_option("--local-half-width", o.settings.local_half_width,
                 "ChangePointSettings::local_half_width (0: no local search)")->capture_default_str();
  app.add_option("--drift-evidence", o.settings.shape.min_evidence, "RampSettings::min_evidence")->capture_default_str();
  app.add_option("--merge-cost", o.settings.shape.max_merge_cost, "RampSettings::max_merge_cost")->capture_default_str();
  app.add_option("--location-level", o.settings.shape.location_level, "RampSettings::location_level")->capture_default_str();
  app.add_option("--step-positions", o.settings.shape.max_step_positions, "RampSettings::max_step_positions")
      ->capture_default_str();
  app.add_option("--csv", o.csv, "write every series and perfgate's answer here (for otava_compare.py)");
  app.add_flag("--timing", o.timing, "time the detector on unchanged series of 100, 2000, 10000 points");
  CLI11_PARSE(app, argc, argv);
  if (o.timing) {
    run_timing(o);
    return 0;
  }
  std::ofstream csv;
  if (!o.csv.empty()) {
    csv.open(o.csv);
    if (!csv) {
      std::cerr << "perfgate_triage_study: --csv " << o.csv << ": cannot write the file\n";
      return 2;
    }
  }
  run_study(o, o.csv.empty() ? nullptr : &csv);
  return 0;
}
