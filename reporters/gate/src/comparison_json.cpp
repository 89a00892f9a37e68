#include "perfgate/gate/comparison_json.hpp"

#include <cmath>
#include <sstream>

#include <nlohmann/json.hpp>

#include "perfgate/gate/gate_status.hpp"
#include "perfgate/formats/derived_figure_json.hpp"
#include "perfgate/gate/report_order.hpp"
#include "perfgate/gate/comparison_text.hpp"

namespace perfgate {
namespace {

using Json = nlohmann::ordered_json;

Json number(double v) { return std::isfinite(v) ? Json(v) : Json(nullptr); }

Json summary_json(const std::optional<SampleSummary>& s) {
  if (!s) return nullptr;
  return {{"n", s->n},
          {"median_s", number(s->median)},
          {"robust_cv", number(s->robust_cv)},
          {"throttled_samples", s->throttled},
          {"rounds", s->rounds},
          {"run_to_run_pct", number(s->run_to_run_pct)},
          {"between_run_sd", number(s->between_run_sd)}};
}

Json evidence_json(const std::optional<Evidence>& e) {
  if (!e) return nullptr;
  Json j = {{"ratio", number(e->ratio)},
            {"change_pct", number((e->ratio - 1.0) * 100.0)},
            {"ci_low", e->interval_available ? number(e->ci_low) : Json(nullptr)},
            {"ci_high", e->interval_available ? number(e->ci_high) : Json(nullptr)},
            {"p_value", number(e->p_value)},
            {"p_exact", e->exact_p},
            {"q_value", number(e->q_value)},
            {"between_run_term", number(e->between_run_term)},
            {"run_spread", {{"sd", number(e->run_spread.sd)},
                            {"source", to_string(e->run_spread.source)},
                            {"runs", e->run_spread.runs}}}};
  if (e->run_spread.implausible_history_sd)
    j["run_spread"]["implausible_history_sd"] = number(*e->run_spread.implausible_history_sd);
  return j;
}

Json optional_number(const std::optional<double>& v) { return v ? number(*v) : Json(nullptr); }

Json count_change_json(const CountChange& c) {
  return {{"name", c.name}, {"baseline", number(c.baseline)}, {"current", number(c.current)},
          {"change_pct", number(c.change_pct())}};
}

Json kernel_json(const KernelComparison& k) {
  Json counts = Json::array();
  for (const CountChange& c : k.counts) counts.push_back(count_change_json(c));
  return {{"name", k.name},
          {"verdict", to_string(k.verdict)},
          {"reason", k.reason},
          {"baseline_median_ns", optional_number(k.baseline_median_ns)},
          {"current_median_ns", optional_number(k.current_median_ns)},
          {"baseline_samples", k.baseline_samples},
          {"current_samples", k.current_samples},
          {"evidence", evidence_json(k.evidence)},
          {"threshold_pct", number(k.threshold_pct)},
          {"baseline_calls_per_iteration", number(k.baseline_calls_per_iteration)},
          {"current_calls_per_iteration", number(k.current_calls_per_iteration)},
          {"calls_changed", k.calls_changed},
          {"counts", std::move(counts)},
          {"counts_changed", k.counts_changed}};
}

Json copies_json(const std::vector<CopySummary>& copies) {
  Json list = Json::array();
  for (const CopySummary& c : copies) list.push_back({{"direction", c.direction}, {"count", c.count}, {"bytes", c.bytes}});
  return list;
}

// A case counted on both sides: its instructions' verdict, and what it made
// of the case's.
Json counted_work_json(const BenchmarkComparison& b) {
  const CountComparison& k = *b.counts;
  Json others = Json::array();
  for (const CountChange& c : k.others) others.push_back(count_change_json(c));
  Json j = {{"measure", to_string(b.measure)},
            {"verdict", to_string(k.verdict)},
            {"reason", k.reason},
            {"instructions", count_change_json(k.instructions)},
            {"others", std::move(others)},
            {"spread_pct", number(k.spread_pct)},
            {"spread_recorded", k.spread_recorded},
            {"threshold_pct", number(k.threshold_pct)},
            {"decided", k.decided}};
  if (k.time_verdict) j["time_verdict"] = to_string(*k.time_verdict);
  if (k.decided) j["time_reason"] = k.time_reason;
  return j;
}

Json benchmark_json(const BenchmarkComparison& b) {
  Json j = {{"name", b.name},
            {"verdict", to_string(b.verdict)},
            {"reason", b.reason},
            {"threshold_pct", number(b.threshold_pct)},
            {"ignored", b.ignored},
            {"skipped", b.verdict == Verdict::skipped},  // for readers of files older than SKIPPED
            {"baseline", summary_json(b.baseline)},
            {"current", summary_json(b.current)},
            {"evidence", evidence_json(b.evidence)},
            {"confirmation", to_string(b.confirmation)}};
  // Only when true, so files of ordinary runs keep their shape.
  if (b.from_summaries) j["from_summaries"] = true;
  if (b.recheck) j["recheck"] = {{"current", summary_json(b.recheck)}, {"evidence", evidence_json(b.recheck_evidence)}};
  if (b.remeasured)
    j["remeasured"] = {{"rounds", b.remeasured->rounds}, {"repetitions", b.remeasured->repetitions},
                       {"level", number(b.remeasured->level)}};
  Json kernels = Json::array();
  for (const KernelComparison& k : b.kernels) kernels.push_back(kernel_json(k));
  j["kernels"] = std::move(kernels);
  if (!b.copies.empty()) j["copies"] = copies_json(b.copies);
  if (b.trace)
    j["trace"] = {{"path", b.trace->path}, {"iterations", b.trace->iterations}, {"dropped_records", b.trace->dropped_records}};
  if (b.detectable_pct) j["detectable_slowdown_pct"] = number(*b.detectable_pct);
  if (b.suspect)
    j["suspect"] = {{"change_pct", number(b.suspect->change_pct)},
                    {"suite_median_pct", number(b.suspect->suite_median_pct)},
                    {"suite_spread_pct", number(b.suspect->suite_spread_pct)},
                    {"spreads", number(b.suspect->spreads)}};
  if (b.counts) j["counted_work"] = counted_work_json(b);
  return j;
}

Json run_json(const RunInfo& run) {
  return {{"origin", run.origin},
          {"created_utc", run.created_utc},
          {"git_commit", run.git_commit},
          {"device", {{"kind", to_string(run.device.kind)}, {"slug", run.device.slug}, {"name", run.device.name}}}};
}

Json reference_json(const Reference& reference) {
  Json j = {{"kind", to_string(reference.kind)}, {"name", reference.name}, {"commit", reference.commit}};
  if (!reference.reference_build.empty()) j["reference_build"] = reference.reference_build;
  if (!reference.candidate_build.empty()) j["candidate_build"] = reference.candidate_build;
  return j;
}

// Sorted as the explain stage left them: priority, then expected gain.
nlohmann::ordered_json suggestions_json(const std::vector<Suggestion>& suggestions) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Suggestion& s : suggestions)
    list.push_back({{"rule", s.rule},
                    {"benchmark", s.benchmark},
                    {"priority", to_string(s.priority)},
                    {"evidence", s.evidence},
                    {"expected_gain",
                     {{"factor", s.expected_gain.factor}, {"measured", s.expected_gain.measured}, {"text", s.expected_gain.text}}},
                    {"hint", s.hint}});
  return list;
}

// A JSON object written a member at a time, and one array member an
// element at a time, laid out byte for byte as dump(2) lays out the whole
// document: each value goes through nlohmann's own serializer (as dump()
// does) at its depth's indent, straight into the stream.
class DocumentWriter {
 public:
  explicit DocumentWriter(std::ostream& out) : out_(out) { out_ << '{'; }

  void member(const std::string& key, const Json& value) {
    open(key);
    write(value, 2);
  }
  void begin_array(const std::string& key) {
    open(key);
    out_ << '[';
    first_element_ = true;
  }
  void element(const Json& value) {
    out_ << (first_element_ ? "\n    " : ",\n    ");
    first_element_ = false;
    write(value, 4);
  }
  void end_array() { out_ << (first_element_ ? "]" : "\n  ]"); }
  void finish() { out_ << (first_member_ ? "}\n" : "\n}\n"); }

 private:
  void open(const std::string& key) {
    out_ << (first_member_ ? "\n  " : ",\n  ");
    write(Json(key), 0);
    out_ << ": ";
    first_member_ = false;
  }
  // Invalid UTF-8 replaced, as the whole document's dump replaced it.
  void write(const Json& value, unsigned indent) {
    nlohmann::detail::serializer<Json> serializer(nlohmann::detail::output_adapter<char>(out_), ' ',
                                                  Json::error_handler_t::replace);
    serializer.dump(value, true, false, 2, indent);
  }

  std::ostream& out_;
  bool first_member_ = true;
  bool first_element_ = true;
};

}  // namespace

void write_comparison_json(const Comparison& comparison, int exit_code, std::ostream& out) {
  // The members before the cases, then each case, then what follows them.
  Json j;
  j["schema"] = kComparisonSchema;
  j["schema_version"] = kComparisonSchemaVersion;
  j["suite"] = comparison.suite;
  // The perfgate that judged; "" only for a comparison read back from a file
  // written before the version was kept.
  j["perfgate_version"] = comparison.perfgate_version;
  j["exit_code"] = exit_code;
  j["summary"] = summary_line(comparison, exit_code);
  // NOT GATED is not PASS: the status, and how many cases were judged
  // against a baseline of their own device (gate_status.hpp).
  j["status"] = to_json_string(gate_status(comparison, exit_code));
  const GateCoverage coverage = gate_coverage(comparison);
  j["gated_cases"] = coverage.gated;
  j["cases"] = coverage.cases;
  if (const std::string why = not_gated_reason(comparison); !why.empty()) j["not_gated_reason"] = why;
  if (!comparison.gate_advice.empty()) j["gate_advice"] = comparison.gate_advice;
  if (comparison.nothing_compared) j["nothing_compared"] = true;
  Json counts = Json::object();
  for (const auto& [verdict, count] : comparison.verdict_counts()) counts[to_string(verdict)] = count;
  j["counts"] = counts;
  j["reference"] = reference_json(comparison.reference);
  j["baseline"] = run_json(comparison.baseline);
  j["current"] = run_json(comparison.current);
  j["comparable"] = comparison.comparable;
  if (!comparison.comparable) j["incomparable_reason"] = comparison.incomparable_reason;
  const GateSettings& s = comparison.settings;
  j["settings"] = {{"threshold_pct", s.threshold_pct}, {"noise_multiplier", s.noise_multiplier},
                   {"fdr_q", s.fdr_q}, {"min_samples", s.min_samples}, {"confidence", s.confidence},
                   {"min_run_spread_pct", s.min_run_spread_pct}, {"require_gated", s.require_gated},
                   {"measure", to_string(s.measure)}, {"count_threshold_pct", s.count_threshold_pct}};
  if (comparison.environment_shift) {
    const EnvironmentShift& e = *comparison.environment_shift;
    j["environment_shift"] = {{"direction", e.slower ? "slower" : "faster"}, {"median_ratio", e.median_ratio},
                              {"spread_pct", e.spread_pct}, {"moved", e.moved}, {"compared", e.compared},
                              {"message", *environment_shift_line(comparison)}};
  } else {
    j["environment_shift"] = nullptr;
  }
  if (auto throttled = throttling_line(comparison)) j["throttling"] = *throttled;
  else j["throttling"] = nullptr;
  j["notes"] = comparison.notes;
  DocumentWriter document(out);
  for (const auto& [key, value] : j.items()) document.member(key, value);
  document.begin_array("benchmarks");
  for (const auto* b : in_report_order(comparison)) document.element(benchmark_json(*b));
  document.end_array();
  if (!comparison.figures.empty()) document.member("figures", figures_to_json(comparison.figures));
  if (!comparison.suggestions.empty()) document.member("suggestions", suggestions_json(comparison.suggestions));
  document.finish();
}

std::string comparison_to_json(const Comparison& comparison, int exit_code) {
  std::ostringstream out;
  write_comparison_json(comparison, exit_code, out);
  return std::move(out).str();
}


std::string suggestions_to_json(const std::vector<Suggestion>& suggestions) {
  return suggestions_json(suggestions).dump(2) + "\n";
}

}  // namespace perfgate
