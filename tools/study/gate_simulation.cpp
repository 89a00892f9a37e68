#include "gate_simulation.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/baselines/baseline_refresh.hpp"
#include "perfgate/gate/confirmation.hpp"
#include "perfgate/stats/benjamini_hochberg.hpp"
#include "perfgate/stats/mann_whitney.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate::study {
namespace {

Fingerprint study_device() {
  Fingerprint f;
  f.kind = DeviceKind::cpu;
  f.name = "Simulated CPU";
  f.slug = make_slug(f.kind, f.name);
  f.host_cpu = f.name;
  f.logical_cpus = 2;
  return f;
}

Results empty_results(const char* created) {
  Results r;
  r.suite = "gate_study";
  r.created_utc = created;
  r.fingerprint = study_device();
  return r;
}

}  // namespace

bool compare_py_regression(std::span<const double> baseline, std::span<const double> current, double alpha) {
  if (baseline.empty() || current.empty()) return false;
  const stats::MannWhitney test = stats::mann_whitney_u(baseline, current);
  return test.p_value < alpha && stats::median(current) > stats::median(baseline);
}

SimulatedSuite simulate_suite(const SuiteSpec& spec, std::mt19937_64& rng) {
  SimulatedSuite suite{empty_results("2026-11-22T00:00:00Z"), empty_results("2026-11-22T01:00:00Z"), std::nullopt,
                       spec, {}, {}};
  std::uniform_real_distribution<double> log10_time(-6.0, 0.0);
  std::bernoulli_distribution coin(0.5);
  if (spec.slowdown != 0.0 && spec.benchmarks > 0)
    suite.planted = std::uniform_int_distribution<std::size_t>(0, spec.benchmarks - 1)(rng);
  suite.baseline.benchmarks.reserve(spec.benchmarks);
  suite.current.benchmarks.reserve(spec.benchmarks);
  for (std::size_t b = 0; b < spec.benchmarks; ++b) {
    const double centre = std::pow(10.0, log10_time(rng));
    const int sign = coin(rng) ? 1 : -1;
    const double factor = suite.planted == b ? 1.0 + spec.slowdown : 1.0;
    BenchmarkResult base;
    base.name = "study/" + std::to_string(b);
    base.iterations = 1;
    BenchmarkResult cur = base;
    for (std::size_t round = 0; round < std::max<std::size_t>(spec.baseline_rounds, 1); ++round) {
      const std::vector<double> samples = draw_samples(spec.model, spec.noise, centre, spec.repetitions, sign, rng);
      base.samples.insert(base.samples.end(), samples.begin(), samples.end());
      if (spec.baseline_rounds > 1) base.rounds.push_back(samples.size());
    }
    cur.samples = draw_samples(spec.model, spec.noise, centre * factor, spec.repetitions, sign, rng);
    suite.centres.push_back(centre * factor);
    suite.drift_signs.push_back(sign);
    suite.baseline.benchmarks.push_back(std::move(base));
    suite.current.benchmarks.push_back(std::move(cur));
  }
  return suite;
}

SuiteOutcome judge_suite(const Results& baseline, const Results& current, std::optional<std::size_t> planted,
                         const GateSettings& settings) {
  SuiteOutcome outcome;
  const std::string* planted_name =
      planted && *planted < baseline.benchmarks.size() ? &baseline.benchmarks[*planted].name : nullptr;
  const Comparison comparison = compare_results(baseline, current, settings);
  for (const BenchmarkComparison& c : comparison.benchmarks) {
    if (planted_name && c.name == *planted_name) outcome.planted_verdict = c.verdict;
    if (c.verdict != Verdict::regression) continue;
    ++outcome.perfgate_regressions;
    if (planted_name && c.name == *planted_name) outcome.perfgate_detected = true;
  }
  for (const BenchmarkResult& base : baseline.benchmarks) {
    const BenchmarkResult* cur = current.find(base.name);
    if (!cur || !compare_py_regression(base.samples, cur->samples)) continue;
    ++outcome.compare_py_regressions;
    if (planted_name && base.name == *planted_name) outcome.compare_py_detected = true;
  }
  return outcome;
}

CellCounts run_cell(const SuiteSpec& spec, const GateSettings& settings, std::size_t trials, std::mt19937_64& rng) {
  CellCounts counts;
  const bool aa = spec.slowdown == 0.0;
  for (std::size_t t = 0; t < trials; ++t) {
    const SimulatedSuite suite = simulate_suite(spec, rng);
    const SuiteOutcome o = judge_suite(suite.baseline, suite.current, suite.planted, settings);
    ++counts.suites;
    if (aa ? o.perfgate_regressions > 0 : o.perfgate_detected) ++counts.perfgate_hits;
    if (aa ? o.compare_py_regressions > 0 : o.compare_py_detected) ++counts.compare_py_hits;
    if (!aa && o.planted_verdict == Verdict::no_change) ++counts.perfgate_missed_threshold;
    if (!aa && o.planted_verdict == Verdict::inconclusive) ++counts.perfgate_missed_evidence;
  }
  return counts;
}

Results remeasure(const SimulatedSuite& suite, const std::vector<std::string>& names, std::size_t repetitions,
                  std::mt19937_64& rng) {
  Results again = empty_results("2026-11-22T01:10:00Z");
  for (const std::string& name : names)
    for (std::size_t b = 0; b < suite.current.benchmarks.size(); ++b) {
      if (suite.current.benchmarks[b].name != name) continue;
      BenchmarkResult r = suite.current.benchmarks[b];
      r.samples = draw_samples(suite.spec.model, suite.spec.noise, suite.centres[b], repetitions,
                               suite.drift_signs[b], rng);
      again.benchmarks.push_back(std::move(r));
    }
  return again;
}

std::vector<std::string> two_sided_regressions(const Comparison& comparison, const GateSettings& settings) {
  std::vector<const BenchmarkComparison*> tested;
  std::vector<double> p_values;
  for (const BenchmarkComparison& c : comparison.benchmarks) {
    if (!c.evidence || !c.baseline || !c.current || c.ignored || !enough_samples(*c.baseline, *c.current, settings))
      continue;
    tested.push_back(&c);
    p_values.push_back(std::min(1.0, 2.0 * std::min(c.evidence->p_slower, c.evidence->p_faster)));
  }
  const std::vector<double> q_values = stats::benjamini_hochberg(p_values);
  std::vector<std::string> regressions;
  for (std::size_t i = 0; i < tested.size(); ++i) {
    const Evidence& e = *tested[i]->evidence;
    if (q_values[i] < settings.fdr_q && e.interval_available && e.ci_low > 1.0 &&
        (e.ci_high - 1.0) * 100.0 > tested[i]->threshold_pct)
      regressions.push_back(tested[i]->name);
  }
  return regressions;
}

namespace {

Results subset(const Results& results, const std::vector<std::string>& names) {
  Results out = results;
  out.benchmarks.clear();
  for (const std::string& name : names)
    if (const BenchmarkResult* b = results.find(name)) out.benchmarks.push_back(*b);
  return out;
}

// The two-sided rule's confirmation: its suspects compared anew (one
// family across them) and judged by it again.
std::vector<std::string> two_sided_confirmed(const Results& baseline, const Results& recheck,
                                             const std::vector<std::string>& suspects, const GateSettings& settings) {
  if (suspects.empty()) return {};
  return two_sided_regressions(compare_results(subset(baseline, suspects), subset(recheck, suspects), settings), settings);
}

// Whether the planted case's exact U p-value alone reaches the level
// Benjamini-Hochberg needs when it is the only change (q / m): what a test
// that knew which case to look at could at best do at this sample size.
void planted_bounds(const Comparison& comparison, const std::string& planted, const GateSettings& settings,
                    TargetOutcome& o) {
  const BenchmarkComparison* c = comparison.find(planted);
  if (!c || !c->evidence || comparison.benchmarks.empty()) return;
  const double level = settings.fdr_q / static_cast<double>(comparison.benchmarks.size());
  const Evidence& e = *c->evidence;
  o.bound_one_sided = e.p_slower <= level;
  o.bound_two_sided = std::min(1.0, 2.0 * std::min(e.p_slower, e.p_faster)) <= level;
}

ModeOutcome outcome(const std::vector<std::string>& regressions, const std::string* planted) {
  ModeOutcome o;
  o.regressions = regressions.size();
  o.detected = planted && std::find(regressions.begin(), regressions.end(), *planted) != regressions.end();
  return o;
}

std::vector<std::string> union_of(std::vector<std::string> a, const std::vector<std::string>& b) {
  for (const std::string& name : b)
    if (std::find(a.begin(), a.end(), name) == a.end()) a.push_back(name);
  return a;
}

}  // namespace

TargetOutcome judge_both_modes(const SimulatedSuite& suite, const GateSettings& settings,
                               std::size_t confirm_repetitions, std::mt19937_64& rng) {
  const std::string* planted = suite.planted ? &suite.baseline.benchmarks[*suite.planted].name : nullptr;
  Comparison comparison = compare_results(suite.baseline, suite.current, settings);
  const std::vector<std::string> suspects = suspected_regressions(comparison);
  const std::vector<std::string> old_suspects = two_sided_regressions(comparison, settings);
  std::vector<std::string> compare_py;
  for (const BenchmarkResult& base : suite.baseline.benchmarks) {
    const BenchmarkResult* cur = suite.current.find(base.name);
    if (cur && compare_py_regression(base.samples, cur->samples)) compare_py.push_back(base.name);
  }
  // One re-measurement per suspect of either rule, shared by both.
  const Results recheck = remeasure(suite, union_of(suspects, old_suspects), confirm_repetitions, rng);
  TargetOutcome o;
  o.compare = outcome(suspects, planted);
  o.old_compare = outcome(old_suspects, planted);
  o.compare_py = outcome(compare_py, planted);
  if (planted) planted_bounds(comparison, *planted, settings, o);
  apply_recheck(comparison, suite.baseline, recheck);
  o.suite = outcome(suspected_regressions(comparison), planted);  // the confirmed ones
  o.old_suite = outcome(two_sided_confirmed(suite.baseline, recheck, old_suspects, settings), planted);
  return o;
}

namespace {

// What a mode's outcome adds to its cell: in an A/A suite any regression (a
// false alarm), in a planted one the planted case found.
bool hit(const SuiteSpec& spec, const ModeOutcome& m) { return spec.slowdown == 0.0 ? m.regressions > 0 : m.detected; }

// `trials` fresh suites, each judged with a generator of its own for what
// it re-measures: judge(suite, rng) -> outcome, count(outcome).
template <class Judge, class Count>
void run_trials(const SuiteSpec& spec, std::size_t trials, std::mt19937_64& rng, Judge judge, Count count) {
  for (std::size_t t = 0; t < trials; ++t) {
    const SimulatedSuite suite = simulate_suite(spec, rng);
    std::mt19937_64 remeasure_rng(rng());
    count(judge(suite, remeasure_rng));
  }
}

}  // namespace

TargetCounts run_target_cell(const SuiteSpec& spec, const GateSettings& settings, std::size_t trials,
                             std::size_t confirm_repetitions, std::mt19937_64& rng) {
  TargetCounts counts;
  const auto judge = [&](const SimulatedSuite& suite, std::mt19937_64& r) {
    return judge_both_modes(suite, settings, confirm_repetitions, r);
  };
  run_trials(spec, trials, rng, judge, [&](const TargetOutcome& o) {
    ++counts.suites;
    counts.compare += hit(spec, o.compare);
    counts.suite += hit(spec, o.suite);
    counts.old_compare += hit(spec, o.old_compare);
    counts.old_suite += hit(spec, o.old_suite);
    counts.compare_py += hit(spec, o.compare_py);
    counts.bound_one_sided += o.bound_one_sided;
    counts.bound_two_sided += o.bound_two_sided;
  });
  return counts;
}

LiveOutcome judge_live(const SimulatedSuite& suite, const GateSettings& settings, const RemeasureBudget& budget,
                       std::mt19937_64& rng) {
  const std::string* planted = suite.planted ? &suite.baseline.benchmarks[*suite.planted].name : nullptr;
  const Comparison first = compare_results(suite.baseline, suite.current, settings);
  LiveOutcome o;
  // The confirmation alone, from its own copy of the run's comparison.
  Comparison confirmed = first;
  const std::vector<std::string> suspects = suspected_regressions(confirmed);
  apply_recheck(confirmed, suite.baseline, remeasure(suite, suspects, budget.round_repetitions, rng));
  o.confirm_only = outcome(suspected_regressions(confirmed), planted);
  // The live gate: every round so far of a case, pooled, against the baseline.
  Comparison live = first;
  std::vector<Results> rounds;
  const auto measure = [&](const std::vector<std::string>& names, std::size_t repetitions, const GateSettings& look) {
    rounds.push_back(remeasure(suite, names, repetitions, rng));
    return compare_results(cases_named(suite.baseline, names), cases_named(pool_runs(rounds), names), look, nullptr,
                           &live.environment_shift);
  };
  SequentialPlan plan;
  plan.budget = budget;
  plan.q = settings.fdr_q;
  plan.family_size = tested_cases(live);
  double clock = 0.0;
  plan.seconds_now = [&clock] { return clock; };  // simulated rounds take no time: the repetition budget decides
  const std::vector<std::string> open = open_cases(live);
  const SequentialOutcome spent = measure_until_decided(live, open, measure, plan);
  o.live = outcome(suspected_regressions(live), planted);
  o.rounds = spent.rounds;
  o.extra_repetitions = spent.repetitions;
  o.open_cases = spent.cases;
  if (planted)
    if (const BenchmarkComparison* c = live.find(*planted)) o.planted_inconclusive = c->verdict == Verdict::inconclusive;
  return o;
}

LiveCounts run_live_cell(const SuiteSpec& spec, const GateSettings& settings, const RemeasureBudget& budget,
                         std::size_t trials, std::mt19937_64& rng) {
  LiveCounts counts;
  const auto judge = [&](const SimulatedSuite& suite, std::mt19937_64& r) { return judge_live(suite, settings, budget, r); };
  run_trials(spec, trials, rng, judge, [&](const LiveOutcome& o) {
    ++counts.suites;
    counts.confirm_only += hit(spec, o.confirm_only);
    counts.live += hit(spec, o.live);
    counts.rounds += o.rounds;
    counts.extra_repetitions += o.extra_repetitions;
    counts.open_cases += o.open_cases;
    counts.planted_inconclusive += o.planted_inconclusive;
  });
  return counts;
}

Interval wilson_interval(std::size_t hits, std::size_t trials, double z) {
  if (trials == 0) return {0.0, 1.0};
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(hits) / n;
  const double z2 = z * z;
  const double centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
  const double half = z / (1.0 + z2 / n) * std::sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n));
  // The exact ends at 0 and n hits (the formula leaves rounding residue there).
  return {hits == 0 ? 0.0 : std::max(0.0, centre - half), hits == trials ? 1.0 : std::min(1.0, centre + half)};
}

}  // namespace perfgate::study
