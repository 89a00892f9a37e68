#include "perfgate/gate/comparison_json_reader.hpp"

#include "perfgate/gate/exit_code.hpp"

#include <cmath>
#include <initializer_list>
#include <limits>

#include <nlohmann/json.hpp>

#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/comparison_schema.hpp"
#include "perfgate/formats/json_object_reader.hpp"
#include "perfgate/formats/json_unique_keys.hpp"
#include "perfgate/model/long_text.hpp"

namespace perfgate {
namespace {

using Json = nlohmann::json;

// An enum from its to_string() name: the writer's own names, not a copy.
template <typename Enum>
Enum named(const ObjectReader& r, const char* key, std::initializer_list<Enum> values) {
  const std::string name = r.text(key);
  for (const Enum v : values)
    if (name == to_string(v)) return v;
  r.fail(std::string("'") + key + "' has an unknown value \"" + printable_text(name) + "\"");
}

std::optional<SampleSummary> read_summary(const ObjectReader& parent, const char* key) {
  if (!parent.find(key)) return std::nullopt;
  const ObjectReader r = parent.at(key);
  SampleSummary s;
  s.n = r.whole<std::size_t>("n");
  s.median = r.number_or_nan("median_s");
  s.robust_cv = r.number_or_nan("robust_cv");
  s.throttled = r.whole<int>("throttled_samples");
  s.rounds = r.whole<std::size_t>("rounds");
  s.run_to_run_pct = r.number_or_nan("run_to_run_pct");
  s.between_run_sd = r.number_or_nan("between_run_sd");
  return s;
}

std::optional<Evidence> read_evidence(const ObjectReader& parent, const char* key) {
  if (!parent.find(key)) return std::nullopt;
  const ObjectReader r = parent.at(key);
  Evidence e;
  e.ratio = r.number_or_nan("ratio");
  e.interval_available = r.find("ci_low") && r.find("ci_high");
  if (e.interval_available) e.ci_low = r.number_or_nan("ci_low"), e.ci_high = r.number_or_nan("ci_high");
  e.p_value = r.number_or_nan("p_value");
  e.exact_p = r.boolean("p_exact");
  e.q_value = r.number_or_nan("q_value");
  // The file keeps the measured direction's one-sided family (issue 30);
  // the other direction's is not written, so it reads as no evidence.
  (e.ratio < 1.0 ? e.p_faster : e.p_slower) = e.p_value;
  (e.ratio < 1.0 ? e.q_faster : e.q_slower) = e.q_value;
  e.between_run_term = r.number_or_nan("between_run_term");
  if (r.find("run_spread")) {
    const ObjectReader s = r.at("run_spread");
    e.run_spread.sd = s.number_or_nan("sd");
    e.run_spread.source = named(s, "source", {RunSpreadSource::none, RunSpreadSource::floor, RunSpreadSource::rounds,
                                              RunSpreadSource::history, RunSpreadSource::noise});
    e.run_spread.runs = s.whole<std::size_t>("runs");
    e.run_spread.implausible_history_sd = s.optional_number("implausible_history_sd");
  }
  return e;
}

Verdict read_verdict(const ObjectReader& r) {
  const std::string name = r.text("verdict");
  if (const auto v = verdict_from_string(name)) return *v;
  r.fail("has an unknown verdict \"" + printable_text(name) + "\"");
}

CountChange read_count_change(const ObjectReader& r) {
  return {r.text("name"), r.number_or_nan("baseline"), r.number_or_nan("current")};
}

KernelComparison read_kernel(const ObjectReader& r) {
  KernelComparison k;
  k.name = r.text("name");
  k.verdict = read_verdict(r);
  k.reason = r.text("reason");
  k.baseline_median_ns = r.optional_number("baseline_median_ns");
  k.current_median_ns = r.optional_number("current_median_ns");
  k.baseline_samples = r.whole<std::size_t>("baseline_samples");
  k.current_samples = r.whole<std::size_t>("current_samples");
  k.evidence = read_evidence(r, "evidence");
  k.threshold_pct = r.number_or_nan("threshold_pct");
  k.baseline_calls_per_iteration = r.number_or_nan("baseline_calls_per_iteration");
  k.current_calls_per_iteration = r.number_or_nan("current_calls_per_iteration");
  k.calls_changed = r.boolean("calls_changed");
  // Files from before the GPU counted pass have no "counts".
  if (r.find("counts")) {
    const Json& counts = r.array("counts");
    for (std::size_t i = 0; i < counts.size(); ++i)
      k.counts.push_back(read_count_change(ObjectReader(counts[i], r.origin(), r.where() + " counts[" + std::to_string(i) + "]")));
    k.counts_changed = r.boolean("counts_changed");
  }
  return k;
}

void read_trace_parts(const ObjectReader& r, BenchmarkComparison& b) {
  for (const Json& j : r.array("copies")) {
    const ObjectReader c(j, r.origin(), r.where() + " copies:");
    b.copies.push_back({c.text("direction"), c.whole<std::int64_t>("count"), c.whole<std::int64_t>("bytes")});
  }
  if (r.find("trace")) {
    const ObjectReader t = r.at("trace");
    b.trace = TraceInfo{t.text("path"), t.whole<std::int64_t>("iterations"), t.whole<std::int64_t>("dropped_records")};
  }
}

GateMeasure read_measure(const ObjectReader& r) {
  const std::string text = r.text("measure");
  if (const auto measure = parse_gate_measure(text)) return *measure;
  r.fail("'measure' is not time, counts or both");
}

// Files from before the counted measure have no "counted_work".
void read_counted_work(const ObjectReader& parent, BenchmarkComparison& b) {
  if (!parent.find("counted_work")) return;
  const ObjectReader r = parent.at("counted_work");
  b.measure = read_measure(r);
  CountComparison k;
  k.verdict = read_verdict(r);
  k.reason = r.text("reason");
  k.instructions = read_count_change(r.at("instructions"));
  const Json& others = r.array("others");
  for (std::size_t i = 0; i < others.size(); ++i)
    k.others.push_back(read_count_change(ObjectReader(others[i], r.origin(), r.where() + " others[" + std::to_string(i) + "]")));
  k.spread_pct = r.number_or_nan("spread_pct");
  k.spread_recorded = r.boolean("spread_recorded");
  k.threshold_pct = r.number_or_nan("threshold_pct");
  k.decided = r.boolean("decided");
  if (r.find("time_verdict")) {
    const std::string name = r.text("time_verdict");
    k.time_verdict = verdict_from_string(name);
    if (!k.time_verdict) r.fail("has an unknown time_verdict \"" + printable_text(name) + "\"");
  }
  k.time_reason = r.text("time_reason");
  b.counts = std::move(k);
}

BenchmarkComparison read_benchmark(const Json& j, std::size_t index, const std::string& origin) {
  const ObjectReader first(j, origin, "benchmarks[" + std::to_string(index) + "]");
  BenchmarkComparison b;
  b.name = first.text("name");
  if (const auto problem = benchmark_name_problem(b.name)) first.fail("name: " + *problem);
  const ObjectReader r(j, origin, "benchmark \"" + printable_text(b.name) + "\":");
  b.verdict = read_verdict(r);
  b.reason = r.text("reason");
  b.threshold_pct = r.number_or_nan("threshold_pct");
  b.ignored = r.boolean("ignored");
  // Files from before SKIPPED existed said ERROR with "skipped": true.
  b.skipped = r.boolean("skipped");
  if (b.skipped && b.verdict == Verdict::error) b.verdict = Verdict::skipped;
  b.baseline = read_summary(r, "baseline");
  b.current = read_summary(r, "current");
  b.evidence = read_evidence(r, "evidence");
  b.confirmation = named(r, "confirmation", {Confirmation::not_needed, Confirmation::confirmed, Confirmation::not_reproduced,
                                             Confirmation::unavailable});
  b.from_summaries = r.boolean("from_summaries");
  if (r.find("recheck")) {
    const ObjectReader recheck = r.at("recheck");
    b.recheck = read_summary(recheck, "current");
    b.recheck_evidence = read_evidence(recheck, "evidence");
  }
  if (r.find("remeasured")) {
    const ObjectReader m = r.at("remeasured");
    b.remeasured =
        Remeasurement{m.whole<std::size_t>("rounds"), m.whole<std::size_t>("repetitions"), m.number_or_nan("level")};
  }
  const Json& kernels = r.array("kernels");
  for (std::size_t i = 0; i < kernels.size(); ++i)
    b.kernels.push_back(
        read_kernel(ObjectReader(kernels[i], origin, r.where() + " kernels[" + std::to_string(i) + "]")));
  read_trace_parts(r, b);
  if (r.find("detectable_slowdown_pct")) b.detectable_pct = r.number_or_nan("detectable_slowdown_pct");
  if (r.find("suspect")) {
    const ObjectReader s = r.at("suspect");
    b.suspect = SuspectChange{s.number_or_nan("change_pct"), s.number_or_nan("suite_median_pct"),
                              s.number_or_nan("suite_spread_pct"), s.number_or_nan("spreads")};
  }
  read_counted_work(r, b);
  return b;
}

RunInfo read_run(const ObjectReader& parent, const char* key) {
  const ObjectReader r = parent.at(key);
  RunInfo run;
  run.origin = r.text("origin");
  run.created_utc = r.text("created_utc");
  run.git_commit = r.text("git_commit");
  if (r.find("device")) {
    const ObjectReader d = r.at("device");
    try {
      run.device.kind = device_kind_from_string(d.text("kind"));
    } catch (const std::invalid_argument&) {
      d.fail("'kind' is not gpu, cpu or unknown");
    }
    run.device.slug = d.text("slug");
    run.device.name = d.text("name");
  }
  return run;
}

// What the run was judged against.  A file from before the reference was
// kept names only its baseline's origin: a stored file, or nothing.
Reference read_reference(const ObjectReader& parent, const RunInfo& baseline) {
  if (!parent.find("reference")) {
    if (baseline.origin.empty() || baseline.origin.rfind("(", 0) == 0) return no_reference(baseline.origin);
    return stored_reference(baseline.origin, baseline.git_commit);
  }
  const ObjectReader r = parent.at("reference");
  Reference reference;
  const auto kind = reference_kind_from_string(r.text("kind"));
  if (!kind) r.fail("'kind' is not none, stored, history or build");
  reference.kind = *kind;
  reference.name = r.text("name");
  reference.commit = r.text("commit");
  reference.reference_build = r.text("reference_build");
  reference.candidate_build = r.text("candidate_build");
  return reference;
}

GateSettings read_settings(const ObjectReader& parent) {
  const ObjectReader r = parent.at("settings");
  GateSettings s;
  s.threshold_pct = r.number_or_nan("threshold_pct");
  s.noise_multiplier = r.number_or_nan("noise_multiplier");
  s.fdr_q = r.number_or_nan("fdr_q");
  s.min_samples = r.whole<std::size_t>("min_samples");
  s.confidence = r.number_or_nan("confidence");
  s.min_run_spread_pct = r.number_or_nan("min_run_spread_pct");
  s.require_gated = r.boolean("require_gated");  // absent in files older than it
  // Absent in files older than the counted measure: the defaults.
  if (r.find("measure")) s.measure = read_measure(r);
  if (r.find("count_threshold_pct")) s.count_threshold_pct = r.number_or_nan("count_threshold_pct");
  return s;
}

std::optional<EnvironmentShift> read_shift(const ObjectReader& parent) {
  if (!parent.find("environment_shift")) return std::nullopt;
  const ObjectReader r = parent.at("environment_shift");
  EnvironmentShift e;
  const std::string direction = r.text("direction");
  if (direction != "slower" && direction != "faster") r.fail("'direction' is not slower or faster");
  e.slower = direction == "slower";
  e.median_ratio = r.number_or_nan("median_ratio");
  e.spread_pct = r.number_or_nan("spread_pct");
  e.moved = r.whole<std::size_t>("moved");
  e.compared = r.whole<std::size_t>("compared");
  return e;
}

std::vector<DerivedFigure> read_figures(const ObjectReader& r) {
  std::vector<DerivedFigure> figures;
  const Json& list = r.array("figures");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const ObjectReader f(list[i], r.origin(), "figures[" + std::to_string(i) + "]");
    DerivedFigure figure{f.text("name"), f.optional_number("value"), f.text("unit"), f.text("formula"), {}, std::nullopt};
    for (const Json& input : f.array("inputs")) {
      if (!input.is_string()) f.fail("'inputs' holds something else than names");
      figure.inputs.push_back(input.get<std::string>());
    }
    if (f.find("missing")) figure.missing = f.text("missing");
    figures.push_back(std::move(figure));
  }
  return figures;
}

std::vector<Suggestion> read_suggestions(const ObjectReader& r) {
  std::vector<Suggestion> suggestions;
  const Json& list = r.array("suggestions");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const ObjectReader s(list[i], r.origin(), "suggestions[" + std::to_string(i) + "]");
    Suggestion out;
    out.rule = s.text("rule");
    out.benchmark = s.text("benchmark");
    out.priority = named(s, "priority", {Priority::critical, Priority::high, Priority::medium, Priority::low});
    out.evidence = s.text("evidence");
    if (s.find("expected_gain")) {
      const ObjectReader g = s.at("expected_gain");
      out.expected_gain = {g.number_or_nan("factor"), g.boolean("measured"), g.text("text")};
    }
    out.hint = s.text("hint");
    suggestions.push_back(std::move(out));
  }
  return suggestions;
}

std::vector<std::string> read_notes(const ObjectReader& r) {
  std::vector<std::string> notes;
  for (const Json& note : r.array("notes")) {
    if (!note.is_string()) r.fail("'notes' holds something else than text");
    notes.push_back(cut_long_text(note.get<std::string>()));
  }
  return notes;
}

}  // namespace

Comparison comparison_from_json(const std::string& text, const std::string& origin, int* exit_code) {
  Json doc;
  try {
    doc = parse_json_with_unique_keys(text, origin);
  } catch (const Json::exception& e) {
    // parse_error, and out_of_range for a number beyond a double ("1e999").
    throw InputError(origin + ": not JSON (" + std::string(e.what()) + ")");
  }
  // Its words since the first comparison reader; an inner object that is
  // none is "not a JSON object", as in every other file.
  if (!doc.is_object()) throw InputError(origin + ": is not an object");
  const ObjectReader r(doc, origin, "");
  if (r.text("schema") != kComparisonSchema) r.fail(std::string("is not a comparison (schema is not \"") + kComparisonSchema + "\")");
  if (r.whole<int>("schema_version") != kComparisonSchemaVersion)
    r.fail("has schema_version " + std::to_string(r.whole<int>("schema_version")) + "; this perfgate reads version " +
           std::to_string(kComparisonSchemaVersion));
  Comparison c;
  c.suite = r.text("suite");
  if (c.suite.empty()) r.fail("has no suite");
  c.perfgate_version = r.text("perfgate_version");  // absent in files older than it
  // Every perfgate writes it; a hand-made file without one gets its verdicts' code.
  const bool recorded = r.find("exit_code") != nullptr;
  const int recorded_exit_code = recorded ? r.whole<int>("exit_code") : 0;
  c.baseline = read_run(r, "baseline");
  c.current = read_run(r, "current");
  c.reference = read_reference(r, c.baseline);
  c.comparable = r.find("comparable") ? r.boolean("comparable") : true;
  c.incomparable_reason = r.text("incomparable_reason");
  c.settings = read_settings(r);
  c.environment_shift = read_shift(r);
  c.notes = read_notes(r);
  c.gate_advice = r.text("gate_advice");
  c.nothing_compared = r.boolean("nothing_compared");
  const Json& benchmarks = r.array("benchmarks");
  for (std::size_t i = 0; i < benchmarks.size(); ++i) c.benchmarks.push_back(read_benchmark(benchmarks[i], i, origin));
  c.figures = read_figures(r);
  c.suggestions = read_suggestions(r);
  const int checked =
      recorded ? checked_exit_code(c, recorded_exit_code, origin) : gate_exit_code(c);
  if (exit_code) *exit_code = checked;
  return c;
}

}  // namespace perfgate
