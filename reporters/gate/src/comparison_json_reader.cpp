#include "perfgate/gate/comparison_json_reader.hpp"

#include "perfgate/gate/exit_code.hpp"

#include <cmath>
#include <initializer_list>
#include <limits>

#include <nlohmann/json.hpp>

#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/comparison_schema.hpp"
#include "perfgate/formats/json_unique_keys.hpp"
#include "perfgate/model/long_text.hpp"

namespace perfgate {
namespace {

using Json = nlohmann::json;

// One object of the file, named by `where` in every complaint.
class Reader {
 public:
  Reader(const Json& object, const std::string& origin, std::string where)
      : object_(object), origin_(origin), where_(std::move(where)) {
    if (!object_.is_object()) fail("is not an object");
  }

  [[noreturn]] void fail(const std::string& problem) const {
    throw InputError(origin_ + ": " + (where_.empty() ? "" : where_ + " ") + problem);
  }
  // Null when absent or JSON null.
  const Json* find(const char* key) const {
    const auto it = object_.find(key);
    return it == object_.end() || it->is_null() ? nullptr : &*it;
  }
  const Json& require(const char* key) const {
    const auto it = object_.find(key);
    if (it == object_.end()) fail(std::string("has no '") + key + "'");
    return *it;
  }
  std::string text(const char* key) const {
    const Json* j = find(key);
    if (!j) return "";
    if (!j->is_string()) fail(std::string("'") + key + "' is not a string");
    return cut_long_text(j->get<std::string>());  // names are checked apart (at most 1024 bytes)
  }
  // JSON has no NaN: the writer writes a number that is not finite as null.
  double number(const char* key) const {
    const Json* j = find(key);
    if (!j) return std::numeric_limits<double>::quiet_NaN();
    if (!j->is_number()) fail(std::string("'") + key + "' is not a number");
    return j->get<double>();
  }
  std::optional<double> optional_number(const char* key) const {
    return find(key) ? std::optional<double>(number(key)) : std::nullopt;
  }
  template <typename Int>
  Int whole(const char* key) const {
    const Json* j = find(key);
    if (!j) return 0;
    if (!j->is_number_integer()) fail(std::string("'") + key + "' is not an integer");
    if (j->is_number_unsigned() ? j->get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<Int>::max())
                                : j->get<std::int64_t>() < static_cast<std::int64_t>(std::numeric_limits<Int>::min()) ||
                                      j->get<std::int64_t>() > static_cast<std::int64_t>(std::numeric_limits<Int>::max()))
      fail(std::string("'") + key + "' is out of range");
    return static_cast<Int>(j->get<std::int64_t>());
  }
  bool flag(const char* key) const {
    const Json* j = find(key);
    if (!j) return false;
    if (!j->is_boolean()) fail(std::string("'") + key + "' is not true or false");
    return j->get<bool>();
  }
  const Json& array(const char* key) const {
    static const Json empty = Json::array();
    const Json* j = find(key);
    if (!j) return empty;
    if (!j->is_array()) fail(std::string("'") + key + "' is not an array");
    return *j;
  }
  Reader at(const char* key) const { return Reader(require(key), origin_, where_ + (where_.empty() ? "" : " ") + key + ":"); }
  const std::string& origin() const { return origin_; }
  const std::string& where() const { return where_; }

 private:
  const Json& object_;
  const std::string& origin_;
  std::string where_;
};

// An enum from its to_string() name: the writer's own names, not a copy.
template <typename Enum>
Enum named(const Reader& r, const char* key, std::initializer_list<Enum> values) {
  const std::string name = r.text(key);
  for (const Enum v : values)
    if (name == to_string(v)) return v;
  r.fail(std::string("'") + key + "' has an unknown value \"" + printable_text(name) + "\"");
}

std::optional<SampleSummary> read_summary(const Reader& parent, const char* key) {
  if (!parent.find(key)) return std::nullopt;
  const Reader r = parent.at(key);
  SampleSummary s;
  s.n = r.whole<std::size_t>("n");
  s.median = r.number("median_s");
  s.robust_cv = r.number("robust_cv");
  s.throttled = r.whole<int>("throttled_samples");
  s.rounds = r.whole<std::size_t>("rounds");
  s.run_to_run_pct = r.number("run_to_run_pct");
  s.between_run_sd = r.number("between_run_sd");
  return s;
}

std::optional<Evidence> read_evidence(const Reader& parent, const char* key) {
  if (!parent.find(key)) return std::nullopt;
  const Reader r = parent.at(key);
  Evidence e;
  e.ratio = r.number("ratio");
  e.interval_available = r.find("ci_low") && r.find("ci_high");
  if (e.interval_available) e.ci_low = r.number("ci_low"), e.ci_high = r.number("ci_high");
  e.p_value = r.number("p_value");
  e.exact_p = r.flag("p_exact");
  e.q_value = r.number("q_value");
  // The file keeps the measured direction's one-sided family (issue 30);
  // the other direction's is not written, so it reads as no evidence.
  (e.ratio < 1.0 ? e.p_faster : e.p_slower) = e.p_value;
  (e.ratio < 1.0 ? e.q_faster : e.q_slower) = e.q_value;
  e.between_run_term = r.number("between_run_term");
  if (r.find("run_spread")) {
    const Reader s = r.at("run_spread");
    e.run_spread.sd = s.number("sd");
    e.run_spread.source = named(s, "source", {RunSpreadSource::none, RunSpreadSource::floor, RunSpreadSource::rounds,
                                              RunSpreadSource::history, RunSpreadSource::noise});
    e.run_spread.runs = s.whole<std::size_t>("runs");
    e.run_spread.implausible_history_sd = s.optional_number("implausible_history_sd");
  }
  return e;
}

Verdict read_verdict(const Reader& r) {
  const std::string name = r.text("verdict");
  if (const auto v = verdict_from_string(name)) return *v;
  r.fail("has an unknown verdict \"" + printable_text(name) + "\"");
}

KernelComparison read_kernel(const Reader& r) {
  KernelComparison k;
  k.name = r.text("name");
  k.verdict = read_verdict(r);
  k.reason = r.text("reason");
  k.baseline_median_ns = r.optional_number("baseline_median_ns");
  k.current_median_ns = r.optional_number("current_median_ns");
  k.baseline_samples = r.whole<std::size_t>("baseline_samples");
  k.current_samples = r.whole<std::size_t>("current_samples");
  k.evidence = read_evidence(r, "evidence");
  k.threshold_pct = r.number("threshold_pct");
  k.baseline_calls_per_iteration = r.number("baseline_calls_per_iteration");
  k.current_calls_per_iteration = r.number("current_calls_per_iteration");
  k.calls_changed = r.flag("calls_changed");
  return k;
}

void read_trace_parts(const Reader& r, BenchmarkComparison& b) {
  for (const Json& j : r.array("copies")) {
    const Reader c(j, r.origin(), r.where() + " copies:");
    b.copies.push_back({c.text("direction"), c.whole<std::int64_t>("count"), c.whole<std::int64_t>("bytes")});
  }
  if (r.find("trace")) {
    const Reader t = r.at("trace");
    b.trace = TraceInfo{t.text("path"), t.whole<std::int64_t>("iterations"), t.whole<std::int64_t>("dropped_records")};
  }
}

BenchmarkComparison read_benchmark(const Json& j, std::size_t index, const std::string& origin) {
  const Reader first(j, origin, "benchmarks[" + std::to_string(index) + "]");
  BenchmarkComparison b;
  b.name = first.text("name");
  if (const auto problem = benchmark_name_problem(b.name)) first.fail("name: " + *problem);
  const Reader r(j, origin, "benchmark \"" + printable_text(b.name) + "\":");
  b.verdict = read_verdict(r);
  b.reason = r.text("reason");
  b.threshold_pct = r.number("threshold_pct");
  b.ignored = r.flag("ignored");
  // Files from before SKIPPED existed said ERROR with "skipped": true.
  b.skipped = r.flag("skipped");
  if (b.skipped && b.verdict == Verdict::error) b.verdict = Verdict::skipped;
  b.baseline = read_summary(r, "baseline");
  b.current = read_summary(r, "current");
  b.evidence = read_evidence(r, "evidence");
  b.confirmation = named(r, "confirmation", {Confirmation::not_needed, Confirmation::confirmed, Confirmation::not_reproduced,
                                             Confirmation::unavailable});
  b.from_summaries = r.flag("from_summaries");
  if (r.find("recheck")) {
    const Reader recheck = r.at("recheck");
    b.recheck = read_summary(recheck, "current");
    b.recheck_evidence = read_evidence(recheck, "evidence");
  }
  if (r.find("remeasured")) {
    const Reader m = r.at("remeasured");
    b.remeasured = Remeasurement{m.whole<std::size_t>("rounds"), m.whole<std::size_t>("repetitions"), m.number("level")};
  }
  const Json& kernels = r.array("kernels");
  for (std::size_t i = 0; i < kernels.size(); ++i)
    b.kernels.push_back(read_kernel(Reader(kernels[i], origin, r.where() + " kernels[" + std::to_string(i) + "]")));
  read_trace_parts(r, b);
  if (r.find("detectable_slowdown_pct")) b.detectable_pct = r.number("detectable_slowdown_pct");
  if (r.find("suspect")) {
    const Reader s = r.at("suspect");
    b.suspect = SuspectChange{s.number("change_pct"), s.number("suite_median_pct"), s.number("suite_spread_pct"),
                              s.number("spreads")};
  }
  return b;
}

RunInfo read_run(const Reader& parent, const char* key) {
  const Reader r = parent.at(key);
  RunInfo run;
  run.origin = r.text("origin");
  run.created_utc = r.text("created_utc");
  run.git_commit = r.text("git_commit");
  if (r.find("device")) {
    const Reader d = r.at("device");
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
Reference read_reference(const Reader& parent, const RunInfo& baseline) {
  if (!parent.find("reference")) {
    if (baseline.origin.empty() || baseline.origin.rfind("(", 0) == 0) return no_reference(baseline.origin);
    return stored_reference(baseline.origin, baseline.git_commit);
  }
  const Reader r = parent.at("reference");
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

GateSettings read_settings(const Reader& parent) {
  const Reader r = parent.at("settings");
  GateSettings s;
  s.threshold_pct = r.number("threshold_pct");
  s.noise_multiplier = r.number("noise_multiplier");
  s.fdr_q = r.number("fdr_q");
  s.min_samples = r.whole<std::size_t>("min_samples");
  s.confidence = r.number("confidence");
  s.min_run_spread_pct = r.number("min_run_spread_pct");
  s.require_gated = r.flag("require_gated");  // absent in files older than it
  return s;
}

std::optional<EnvironmentShift> read_shift(const Reader& parent) {
  if (!parent.find("environment_shift")) return std::nullopt;
  const Reader r = parent.at("environment_shift");
  EnvironmentShift e;
  const std::string direction = r.text("direction");
  if (direction != "slower" && direction != "faster") r.fail("'direction' is not slower or faster");
  e.slower = direction == "slower";
  e.median_ratio = r.number("median_ratio");
  e.spread_pct = r.number("spread_pct");
  e.moved = r.whole<std::size_t>("moved");
  e.compared = r.whole<std::size_t>("compared");
  return e;
}

std::vector<DerivedFigure> read_figures(const Reader& r) {
  std::vector<DerivedFigure> figures;
  const Json& list = r.array("figures");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Reader f(list[i], r.origin(), "figures[" + std::to_string(i) + "]");
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

std::vector<Suggestion> read_suggestions(const Reader& r) {
  std::vector<Suggestion> suggestions;
  const Json& list = r.array("suggestions");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Reader s(list[i], r.origin(), "suggestions[" + std::to_string(i) + "]");
    Suggestion out;
    out.rule = s.text("rule");
    out.benchmark = s.text("benchmark");
    out.priority = named(s, "priority", {Priority::critical, Priority::high, Priority::medium, Priority::low});
    out.evidence = s.text("evidence");
    if (s.find("expected_gain")) {
      const Reader g = s.at("expected_gain");
      out.expected_gain = {g.number("factor"), g.flag("measured"), g.text("text")};
    }
    out.hint = s.text("hint");
    suggestions.push_back(std::move(out));
  }
  return suggestions;
}

std::vector<std::string> read_notes(const Reader& r) {
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
  const Reader r(doc, origin, "");
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
  c.comparable = r.find("comparable") ? r.flag("comparable") : true;
  c.incomparable_reason = r.text("incomparable_reason");
  c.settings = read_settings(r);
  c.environment_shift = read_shift(r);
  c.notes = read_notes(r);
  c.gate_advice = r.text("gate_advice");
  c.nothing_compared = r.flag("nothing_compared");
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
