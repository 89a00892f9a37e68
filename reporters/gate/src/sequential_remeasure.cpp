#include "perfgate/gate/sequential_remeasure.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "perfgate/model/time_text.hpp"

namespace perfgate {
namespace {

double pct(double ratio) { return (ratio - 1.0) * 100.0; }

// One open case and what the rounds gave it so far.
struct OpenCase {
  BenchmarkComparison* c = nullptr;
  bool suspect = false;     // a suspected regression of the run (else an undecided slowdown)
  std::string first_reason;  // the run's own reason, kept for the final one
  std::string last_look;     // what the last look said
};

std::string rounds_text(std::size_t repetitions, std::size_t rounds) {
  return std::to_string(repetitions) + " repetition(s) in " + std::to_string(rounds) + " round(s)";
}

// "re-measured +12.30% over 40 repetition(s) in 2 round(s) (q = 0.0004 at level 0.0025): REASON"
std::string describe_look(const BenchmarkComparison& look, const Remeasurement& r) {
  char text[200];
  std::snprintf(text, sizeof text, "re-measured %s over %s (q = %.2g at level %.2g): ",
                format_percent(pct(look.evidence->ratio), 2).c_str(), rounds_text(r.repetitions, r.rounds).c_str(),
                look.evidence->q_slower, r.level);
  return text + look.reason;
}

// The live gate's look: the rounds are a measurement of their own.
bool apply_remeasured(OpenCase& open, const BenchmarkComparison& look, const Remeasurement& r, const GateSettings& settings) {
  BenchmarkComparison& c = *open.c;
  c.recheck = look.current;
  c.recheck_evidence = look.evidence;
  c.remeasured = r;
  open.last_look = describe_look(look, r);
  if (look.verdict == Verdict::regression) {
    c.verdict = Verdict::regression;
    c.confirmation = Confirmation::confirmed;
    c.reason = open.suspect ? open.first_reason + "; confirmed, " + open.last_look
                            : "decided by re-measuring, " + open.last_look + " (the run alone: " + open.first_reason + ")";
    return true;
  }
  if (undecided_slowdown(look, settings)) return false;
  if (open.suspect) {
    c.confirmation = Confirmation::not_reproduced;
    c.verdict = Verdict::inconclusive;
    c.reason = "suspected regression not reproduced: " + open.last_look;
  } else {
    // Re-measured within the threshold: decided.  Faster beyond it after a
    // run that measured slower: the two disagree, so nothing is decided.
    c.verdict = look.verdict == Verdict::no_change ? Verdict::no_change : Verdict::inconclusive;
    c.reason = open.last_look + " (the run alone: " + open.first_reason + ")";
  }
  return true;
}

// perfgate ab's look: the rounds add to the run's samples.
bool apply_pooled(OpenCase& open, const BenchmarkComparison& look, const Remeasurement& r, const GateSettings& settings) {
  BenchmarkComparison& c = *open.c;
  const Confirmation confirmation = c.confirmation;
  auto counts = std::move(c.counts);  // the pooled rounds were timed, not counted
  c = look;
  c.confirmation = confirmation;
  if (!c.counts) c.counts = std::move(counts);
  c.remeasured = r;
  char text[160];
  std::snprintf(text, sizeof text, "after %zu more look(s), %zu repetitions more a side (level %.2g): ", r.rounds,
                r.repetitions, r.level);
  c.reason = text + look.reason;
  open.last_look = c.reason;
  return c.verdict == Verdict::regression || !undecided_slowdown(c, settings);
}

// A case whose round failed or went missing leaves the rounds as it stood.
void mark_round_failed(OpenCase& open, const BenchmarkComparison* look, LookData data) {
  BenchmarkComparison& c = *open.c;
  const std::string why = look ? ": " + look->reason : std::string(": the case was missing from it");
  if (data == LookData::remeasured_only && open.suspect && !c.remeasured) {
    c.confirmation = Confirmation::unavailable;
    c.reason += "; re-measurement failed" + why;
    return;
  }
  if (data == LookData::remeasured_only && open.suspect) {  // an earlier round measured it, this one failed
    c.confirmation = Confirmation::not_reproduced;
    c.verdict = Verdict::inconclusive;
    c.reason = "suspected regression not reproduced: " + open.last_look + "; the next round failed" + why;
    return;
  }
  c.reason += "; another round failed" + why;
}

// The budget spent with the case still open.
void close_undecided(OpenCase& open, LookData data) {
  BenchmarkComparison& c = *open.c;
  if (!c.remeasured) {  // the budget allowed no round at all: the run's verdict stands
    if (c.verdict == Verdict::regression) c.confirmation = Confirmation::unavailable;
    c.reason += "; not re-measured (the wall-time budget allowed no round)";
    return;
  }
  if (data == LookData::pooled_with_run) {
    c.reason = "still undecided when the re-measurement budget ran out, " + open.last_look;
    return;
  }
  c.verdict = Verdict::inconclusive;
  if (open.suspect) {
    c.confirmation = Confirmation::not_reproduced;
    c.reason = "suspected regression not reproduced: " + open.last_look;
  } else {
    c.reason = "still undecided when the re-measurement budget ran out, " + open.last_look +
               " (the run alone: " + open.first_reason + ")";
  }
}

std::function<double()> clock_of(const SequentialPlan& plan) {
  if (plan.seconds_now) return plan.seconds_now;
  return [] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
  };
}

// In report order; a set of the names, since a large suite may leave many open.
std::vector<OpenCase> gather_open(Comparison& comparison, const std::vector<std::string>& names) {
  const std::unordered_set<std::string_view> wanted(names.begin(), names.end());
  std::vector<OpenCase> open;
  for (BenchmarkComparison& c : comparison.benchmarks)
    if (wanted.count(c.name) && c.time_decides()) open.push_back({&c, c.verdict == Verdict::regression, c.reason, ""});
  return open;
}

std::vector<std::string> names_of(const std::vector<OpenCase>& open) {
  std::vector<std::string> names;
  names.reserve(open.size());
  for (const OpenCase& o : open) names.push_back(o.c->name);
  return names;
}

// One look applied to every open case; the ones it left open, in order.
std::vector<OpenCase> apply_look(std::vector<OpenCase>& open, const Comparison& judged, const Remeasurement& r,
                                 const GateSettings& settings, LookData data, std::size_t* decided) {
  std::unordered_map<std::string_view, const BenchmarkComparison*> looks;
  for (const BenchmarkComparison& b : judged.benchmarks) looks.emplace(b.name, &b);
  std::vector<OpenCase> still_open;
  for (OpenCase& o : open) {
    const auto found = looks.find(o.c->name);
    const BenchmarkComparison* look = found == looks.end() ? nullptr : found->second;
    if (!look || !look->evidence) {
      mark_round_failed(o, look, data);
      continue;
    }
    const bool done = data == LookData::pooled_with_run ? apply_pooled(o, *look, r, settings)
                                                        : apply_remeasured(o, *look, r, settings);
    if (done) ++*decided;
    else still_open.push_back(o);
  }
  return still_open;
}

}  // namespace

double look_level(double q, std::size_t look) { return std::ldexp(q, -static_cast<int>(std::max<std::size_t>(look, 1))); }

std::size_t tested_cases(const Comparison& comparison) {
  std::size_t tested = 0;
  for (const BenchmarkComparison& c : comparison.benchmarks)
    tested += c.evidence && c.baseline && c.current && !c.ignored && enough_samples(*c.baseline, *c.current, comparison.settings);
  return tested;
}

bool undecided_slowdown(const BenchmarkComparison& c, const GateSettings& settings) {
  if (c.verdict != Verdict::inconclusive || c.ignored || !c.evidence || !c.evidence->interval_available) return false;
  if (!c.time_decides()) return false;  // INCONCLUSIVE by its counts: timing it again cannot decide it
  if (!c.baseline || !c.current || !enough_samples(*c.baseline, *c.current, settings)) return false;
  const Evidence& e = *c.evidence;
  // Established (then judged INCONCLUSIVE against a suite-wide shift, which
  // more repetitions of the case cannot change).
  const bool established = (e.q_slower < settings.fdr_q && e.ci_low > 1.0) || (e.q_faster < settings.fdr_q && e.ci_high < 1.0);
  return !established && pct(e.ratio) > c.threshold_pct;
}

std::vector<std::string> open_cases(const Comparison& comparison) {
  std::vector<std::string> names;
  for (const BenchmarkComparison& c : comparison.benchmarks)
    if ((c.verdict == Verdict::regression && c.time_decides()) || undecided_slowdown(c, comparison.settings))
      names.push_back(c.name);
  return names;
}

SequentialOutcome measure_until_decided(Comparison& comparison, const std::vector<std::string>& names,
                                        const MeasureRound& measure, const SequentialPlan& plan) {
  std::vector<OpenCase> open = gather_open(comparison, names);
  SequentialOutcome outcome;
  outcome.cases = open.size();
  const std::function<double()> now = clock_of(plan);
  const double start = now();
  const std::size_t family = std::max(plan.family_size, open.size());
  std::size_t each = 0;  // repetitions every open case got so far (they enter together)
  double last_round_seconds = 0.0;
  std::size_t last_round_cases = 0;
  while (!open.empty()) {
    const std::size_t left = plan.budget.max_repetitions - std::min(each, plan.budget.max_repetitions);
    const std::size_t repetitions = std::max<std::size_t>(std::min(plan.budget.round_repetitions, left), 1);
    // A round of one repetition says little and a suite runs at least two:
    // what is left below two is not spent.
    if (outcome.rounds > 0 && left < 2) {
      outcome.stopped_by_repetitions = true;
      break;
    }
    const double expected = outcome.rounds == 0
                                ? plan.budget.first_round_seconds
                                : last_round_seconds * static_cast<double>(open.size()) /
                                      static_cast<double>(std::max<std::size_t>(last_round_cases, 1));
    if (expected >= 0.0 && now() - start + expected > plan.budget.max_seconds) {
      outcome.stopped_by_time = true;
      break;
    }
    GateSettings settings = comparison.settings;
    settings.fdr_q = look_level(plan.q, plan.first_look + outcome.rounds);
    settings.fdr_family_size = family;
    const double round_start = now();
    const Comparison judged = measure(names_of(open), repetitions, settings);
    last_round_seconds = now() - round_start;
    last_round_cases = open.size();
    ++outcome.rounds;
    each += repetitions;
    outcome.repetitions += open.size() * repetitions;
    const Remeasurement r{outcome.rounds, each, settings.fdr_q};
    open = apply_look(open, judged, r, settings, plan.data, &outcome.decided);
  }
  for (OpenCase& o : open) close_undecided(o, plan.data);
  outcome.seconds = now() - start;
  return outcome;
}

std::string sequential_note(const SequentialOutcome& outcome, const SequentialPlan& plan) {
  if (outcome.cases == 0) return "";
  char text[480];
  const char* stop = outcome.stopped_by_time          ? "; stopped by the wall-time budget"
                     : outcome.stopped_by_repetitions ? "; stopped by the repetition budget"
                                                      : "";
  std::snprintf(text, sizeof text,
                "measured until decided: %zu open case(s) re-measured in %zu round(s) of up to %zu repetitions "
                "(budget %zu a case, %.0f s), %zu repetitions in all, %.1f s; %zu decided, %zu left open%s; "
                "look k decides at q / 2^k (q = %.2g), so all looks together stay below q",
                outcome.cases, outcome.rounds, plan.budget.round_repetitions, plan.budget.max_repetitions,
                plan.budget.max_seconds, outcome.repetitions, outcome.seconds, outcome.decided,
                outcome.cases - outcome.decided, stop, plan.q);
  return text;
}

}  // namespace perfgate
