#include "perfgate/gate/comparison.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <functional>
#include <limits>
#include <numeric>
#include <string_view>
#include <unordered_map>

#include "perfgate/gate/classify.hpp"
#include "perfgate/gate/environment_shift.hpp"
#include "perfgate/gate/sample_shortage.hpp"
#include "perfgate/gate/suspect_change.hpp"
#include "perfgate/gate/summary_comparison.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/model/version.hpp"
#include "perfgate/platform/work_pool.hpp"

namespace perfgate {
namespace {

SampleSummary summarize(const BenchmarkResult& b) {
  if (b.samples.empty() && b.summary) return summarize_summary(*b.summary);
  SampleSummary s = summarize_samples(b.samples);
  s.throttled = b.throttled_samples;
  const std::vector<double> medians = b.round_medians();
  s.rounds = medians.size();
  s.between_run_sd = between_run_sd(medians);
  if (medians.size() >= 2) {
    s.within_round_var = within_round_variance(b.samples, b.rounds);
    s.round_size = static_cast<double>(b.samples.size()) / static_cast<double>(medians.size());
  }
  if (medians.size() >= 2) {
    const auto [low, high] = std::minmax_element(medians.begin(), medians.end());
    if (*low > 0) s.run_to_run_pct = (*high / *low - 1.0) * 100.0;
  }
  return s;
}

double measured_seconds(const BenchmarkResult& b) {
  const double per_iteration_sum = std::accumulate(b.samples.begin(), b.samples.end(), 0.0);
  const double total = per_iteration_sum * static_cast<double>(std::max<std::int64_t>(b.iterations, 1));
  // Absurd but finite samples (1.7e308 s) would sum to inf: JUnit time="inf".
  return std::isfinite(total) ? total : std::numeric_limits<double>::max();
}

// A case that could not run here (no GPU) is SKIPPED, not an ERROR: only a
// failure is the harness's problem.
void mark_not_measured(BenchmarkComparison& c, const BenchmarkResult& cur) {
  c.verdict = cur.error ? Verdict::error : Verdict::skipped;
  c.skipped = !cur.error;
  c.reason = cur.error ? *cur.error : *cur.skipped;
}

BenchmarkComparison one_sided(const std::string& name, const BenchmarkResult* base, const BenchmarkResult* cur) {
  BenchmarkComparison c;
  c.name = name;
  if (cur && !cur->measured()) {
    mark_not_measured(c, *cur);  // a failure outranks being new
  } else if (cur) {
    c.verdict = Verdict::added;
    c.reason = "not in the baseline";
    if (cur->measured()) c.current = summarize(*cur);
  } else {
    c.verdict = Verdict::removed;
    c.reason = "not in the current run";
    if (base->measured()) c.baseline = summarize(*base);
  }
  return c;
}

// A side kept only a summary of its samples: means and standard deviations
// are compared (Welch), and no kernel is (a summary has no trace).
BenchmarkComparison judged_from_summaries(BenchmarkComparison c, const BenchmarkResult& base,
                                          const BenchmarkResult& cur, const GateSettings& settings) {
  SummaryComparison s = compare_summaries(base, cur, settings);
  c.baseline = s.baseline;
  c.current = s.current;
  c.from_summaries = true;
  c.threshold_pct = practical_threshold_pct(c.threshold_pct, settings, *c.baseline, *c.current);
  c.evidence = s.evidence;
  return c;
}

// Times within a day (plausible_times.hpp) still give a ratio that is not a
// number when a median is all but zero (1e-320 s): the gate never judges one,
// and never passes it either.  Zero medians are INCONCLUSIVE (classify).
void require_finite_evidence(const BenchmarkComparison& c, const Results& baseline, const Results& current) {
  if (!c.evidence || !(c.baseline->median > 0.0) || !(c.current->median > 0.0)) return;
  const Evidence& e = *c.evidence;
  const bool finite = std::isfinite(e.ratio) && (!e.interval_available || (std::isfinite(e.ci_low) && std::isfinite(e.ci_high)));
  if (finite) return;
  const auto origin = [](const Results& r, const char* fallback) { return r.origin.empty() ? std::string(fallback) : r.origin; };
  char medians[64];
  std::snprintf(medians, sizeof medians, "%g s and %g s", c.baseline->median, c.current->median);
  throw InputError(origin(baseline, "the baseline") + " and " + origin(current, "the current results") + ": benchmark " +
                   quote_text(c.name) + ": its medians (" + medians + ") give a ratio or interval that is not a finite number");
}

// The pair before the run-wide q-values are known; classify() runs later.
BenchmarkComparison pair(const BenchmarkResult& base, const BenchmarkResult& cur, const GateSettings& settings) {
  BenchmarkComparison c;
  c.name = cur.name;
  c.ignored = base.gate.ignore;
  const double case_threshold_pct = base.gate.threshold_pct.value_or(settings.threshold_pct);
  c.threshold_pct = case_threshold_pct;
  c.measured_seconds = measured_seconds(cur);
  if (!cur.measured()) {
    mark_not_measured(c, cur);
    return c;
  }
  c.current = summarize(cur);
  if (!base.measured()) {
    c.verdict = Verdict::added;
    c.reason = "the baseline has no samples for it (" + (base.error ? *base.error : *base.skipped) + ")";
    return c;
  }
  c.measure = base.gate.measure.value_or(settings.measure);
  c.counts = compare_counts(base, cur, base.gate.count_threshold_pct.value_or(settings.count_threshold_pct));
  if (needs_summary_comparison(base, cur)) return judged_from_summaries(std::move(c), base, cur, settings);
  c.baseline = summarize(base);
  c.threshold_pct = practical_threshold_pct(case_threshold_pct, settings, *c.baseline, *c.current);
  c.evidence = gather_evidence(base.samples, *c.baseline, cur.samples, *c.current, settings);
  c.kernels = compare_kernels(base, cur, case_threshold_pct, settings);
  return c;
}

bool is_tested(const BenchmarkComparison& c, const GateSettings& settings) {
  return c.evidence && !c.ignored && enough_samples(*c.baseline, *c.current, settings);
}

// The family is the run: every case the gate tests.
void assign_run_q_values(std::vector<BenchmarkComparison>& benchmarks, const GateSettings& settings) {
  std::vector<Evidence*> family;
  for (auto& c : benchmarks)
    if (is_tested(c, settings)) family.push_back(&*c.evidence);
  assign_q_values(family, settings.fdr_family_size);
}

// On another device no kernel is judged either.
void mark_incomparable(BenchmarkComparison& c, const std::string& why) {
  c.verdict = Verdict::incomparable;
  c.reason = "measured on another device: " + why;
  for (KernelComparison& k : c.kernels) {
    if (!k.evidence) continue;
    k.verdict = Verdict::incomparable;
    k.reason = c.reason;
  }
}

// Suites can hold thousands of cases: look names up in a hash map, not by scanning.
std::unordered_map<std::string_view, const BenchmarkResult*> index_by_name(const Results& r) {
  std::unordered_map<std::string_view, const BenchmarkResult*> index;
  index.reserve(r.benchmarks.size());
  for (const auto& b : r.benchmarks) index.emplace(b.name, &b);
  return index;
}

const BenchmarkResult* lookup(const std::unordered_map<std::string_view, const BenchmarkResult*>& index,
                              std::string_view name) {
  const auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

// A case's name and its result on each side (null where it has none): the
// current run's cases in their order, then those only in the baseline. A
// name a side holds twice is its first case.
struct Sides {
  const std::string* name;
  const BenchmarkResult* base;
  const BenchmarkResult* cur;
};

std::vector<Sides> sides_by_name(const Results& baseline, const Results& current) {
  const auto base_index = index_by_name(baseline);
  const auto cur_index = index_by_name(current);
  std::vector<Sides> cases;
  for (const auto& b : current.benchmarks)
    if (cur_index.at(b.name) == &b) cases.push_back({&b.name, lookup(base_index, b.name), &b});
  for (const auto& b : baseline.benchmarks)
    if (base_index.at(b.name) == &b && !cur_index.count(b.name)) cases.push_back({&b.name, &b, nullptr});
  return cases;
}

// Runs `one(i)` for i in [0, count), parts of the range on every core (a
// case's pair reads only its own samples; 100,000 cases took 4 s on one
// core).  The error thrown is the one of the lowest i, as on one thread.
void for_each_part(std::size_t count, const std::function<void(std::size_t)>& one) {
  constexpr std::size_t kPart = 1024;
  const std::size_t parts = (count + kPart - 1) / kPart;
  std::vector<std::exception_ptr> failed(parts);
  const auto run_part = [&](std::size_t part) {
    try {
      for (std::size_t i = part * kPart; i < std::min(count, (part + 1) * kPart); ++i) one(i);
    } catch (...) {
      failed[part] = std::current_exception();
    }
  };
  if (parts <= 1) {
    if (parts == 1) run_part(0);
  } else {
    WorkPool pool;
    for (std::size_t part = 0; part < parts; ++part) pool.submit([&run_part, part] { run_part(part); });
    pool.wait();
  }
  for (const std::exception_ptr& error : failed)
    if (error) std::rethrow_exception(error);
}

// The counted measure joins each judged case's time verdict (count_comparison.hpp),
// and a note says how many cases the counts judged.
void judge_counts(Comparison& comparison) {
  std::size_t counted = 0, by_counts = 0, uncounted = 0;
  for (BenchmarkComparison& c : comparison.benchmarks) {
    if (!c.evidence || c.verdict == Verdict::incomparable) continue;
    if (!c.counts) {
      uncounted += c.measure == GateMeasure::counts;
      continue;
    }
    ++counted;
    apply_gate_measure(c.measure, *c.counts, c.verdict, c.reason);
    by_counts += c.counts->decided;
  }
  if (counted > 0) {
    char text[256];
    std::snprintf(text, sizeof text, "counted work: %zu case(s) counted on both sides (callgrind); %zu of them judged by "
                  "their instructions (gate measure %s, count threshold %g%%)", counted, by_counts,
                  to_string(comparison.settings.measure), comparison.settings.count_threshold_pct);
    comparison.notes.push_back(text);
  }
  if (uncounted > 0)
    comparison.notes.push_back(std::to_string(uncounted) + " case(s) to be judged by counts were not counted on both "
                               "sides (--perfgate_instructions on the baseline and this run): judged by time");
}

RunInfo run_info(const Results& r) {
  return {"", r.created_utc, r.source.git_commit, r.fingerprint};
}

}  // namespace

const char* to_string(Confirmation confirmation) {
  switch (confirmation) {
    case Confirmation::not_needed: return "not_needed";
    case Confirmation::confirmed: return "confirmed";
    case Confirmation::not_reproduced: return "not_reproduced";
    case Confirmation::unavailable: return "unavailable";
  }
  return "unknown";
}

std::map<Verdict, std::size_t> Comparison::verdict_counts() const {
  std::map<Verdict, std::size_t> counts;
  for (const auto& b : benchmarks) ++counts[b.verdict];
  return counts;
}

const BenchmarkComparison* Comparison::find(const std::string& name) const {
  for (const auto& b : benchmarks)
    if (b.name == name) return &b;
  return nullptr;
}

std::string nothing_compared_problem(const Comparison& comparison) {
  if (!comparison.nothing_compared) return "";
  std::size_t added = 0, removed = 0;
  for (const auto& b : comparison.benchmarks) {
    if (b.verdict == Verdict::removed) ++removed;
    else ++added;
  }
  const auto origin = [](const RunInfo& run, const char* fallback) { return run.origin.empty() ? std::string(fallback) : run.origin; };
  return "nothing to gate: no benchmark of " + origin(comparison.current, "the current results") + " is in " +
         origin(comparison.baseline, "the baseline") + " (" + std::to_string(added) + " only in the current results, " +
         std::to_string(removed) + " only in the baseline): another suite's baseline, an empty file or a filter that "
         "matched nothing?";
}

// "run-to-run spread from the history (ORIGIN) for N of M cases; ...", and
// the cases whose history was not believed (kMaxHistoryRunSpread).
std::vector<std::string> history_notes(const RunSpreadHistory& history, const std::vector<BenchmarkComparison>& benchmarks) {
  std::size_t from_history = 0, judged = 0, implausible = 0;
  const BenchmarkComparison* widest = nullptr;
  for (const auto& c : benchmarks) {
    if (!c.evidence) continue;
    ++judged;
    const RunSpread& spread = c.evidence->run_spread;
    from_history += spread.source == RunSpreadSource::history ? 1 : 0;
    if (!spread.implausible_history_sd) continue;
    ++implausible;
    if (!widest || !(*widest->evidence->run_spread.implausible_history_sd >= *spread.implausible_history_sd)) widest = &c;
  }
  std::vector<std::string> notes = {
      "run-to-run spread from the history (" + history.origin + ") for " + std::to_string(from_history) + " of " +
      std::to_string(judged) + " compared case(s); the others use the baseline's rounds or the assumed floor "
      "(a case needs 5 recent runs on this testbed)"};
  if (implausible > 0) {
    char text[640];
    std::snprintf(text, sizeof text, "%zu case(s) judged as if no history were given: their recent runs move by more than "
                  "any plausible run-to-run spread (above the %.0f%% cap; the widest, %s, by %.3g%%), a history poisoned "
                  "or mixed with another testbed's runs, or a case too noisy for its threshold",
                  implausible, kMaxHistoryRunSpread * 100.0, quote_text(widest->name).c_str(),
                  *widest->evidence->run_spread.implausible_history_sd * 100.0);
    notes.push_back(text);
  }
  return notes;
}

Comparison compare_results(const Results& baseline, const Results& current, const GateSettings& settings,
                           const RunSpreadHistory* history, const std::optional<EnvironmentShift>* run_shift) {
  Comparison comparison;
  comparison.suite = current.suite.empty() ? baseline.suite : current.suite;
  comparison.perfgate_version = version();
  comparison.baseline = run_info(baseline);
  comparison.current = run_info(current);
  comparison.settings = settings;
  // Reported as the current run derived them; the gate does not judge them.
  comparison.figures = current.figures;
  comparison.comparable = comparable(baseline.fingerprint, current.fingerprint, &comparison.incomparable_reason);
  // Only a side that holds cases came from a file (a suite whose every case
  // was skipped is compared with an empty baseline, which has no device).
  const auto unknown = [](const Results& r) { return r.fingerprint.kind == DeviceKind::unknown && !r.benchmarks.empty(); };
  if (unknown(baseline) || unknown(current))
    comparison.notes.push_back("device unknown on one side (Google Benchmark JSON): comparability not checked");
  if (std::string note = partial_identity_note(baseline.fingerprint, current.fingerprint); !note.empty() && comparison.comparable)
    comparison.notes.push_back(std::move(note));
  if (std::string note = cpu_count_note(baseline.fingerprint, current.fingerprint); !note.empty() && comparison.comparable)
    comparison.notes.push_back(std::move(note));

  const std::vector<Sides> cases = sides_by_name(baseline, current);
  comparison.nothing_compared =
      std::none_of(cases.begin(), cases.end(), [](const Sides& s) { return s.base != nullptr && s.cur != nullptr; });
  comparison.benchmarks.resize(cases.size());
  for_each_part(cases.size(), [&](std::size_t i) {
    const auto& [name, base, cur] = cases[i];
    BenchmarkComparison& c = comparison.benchmarks[i];
    c = base && cur ? pair(*base, *cur, case_settings(settings, history, *name)) : one_sided(*name, base, cur);
    require_finite_evidence(c, baseline, current);
    if (cur) {
      c.copies = cur->copies;
      c.trace = cur->trace;
    }
  });
  assign_run_q_values(comparison.benchmarks, settings);
  for (auto& c : comparison.benchmarks) {
    if (!c.evidence) continue;  // NEW, REMOVED, ERROR and SKIPPED are already decided
    if (!comparison.comparable) {
      mark_incomparable(c, comparison.incomparable_reason);
      continue;
    }
    const Classification k = classify(*c.baseline, *c.current, *c.evidence, c.threshold_pct, settings);
    c.verdict = k.verdict;
    c.reason = k.reason;
    if (c.from_summaries)
      c.reason += " (from summaries: means of " + std::to_string(c.baseline->n) + " and " +
                  std::to_string(c.current->n) + " samples, Welch's t-test)";
  }
  // A part of a run measured again (the confirmation's suspects) is judged
  // against the run's shift; a whole run against its own.
  if (comparison.comparable)
    comparison.environment_shift = run_shift ? *run_shift : detect_environment_shift(comparison.benchmarks, settings);
  if (comparison.environment_shift) judge_against_shift(comparison.benchmarks, *comparison.environment_shift, settings);
  judge_counts(comparison);
  if (auto note = sample_shortage_note(comparison.benchmarks, settings)) comparison.notes.push_back(*note);
  mark_suspect_changes(comparison.benchmarks, settings);
  if (auto note = suspect_note(comparison.benchmarks, current.source.command)) comparison.notes.push_back(*note);
  if (history) {
    comparison.run_spread_history = *history;
    for (std::string& note : history_notes(*history, comparison.benchmarks)) comparison.notes.push_back(std::move(note));
  }
  return comparison;
}

}  // namespace perfgate
