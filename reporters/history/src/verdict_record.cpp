#include "perfgate/history/verdict_record.hpp"

#include "perfgate/history/run_record.hpp"
#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/model/comparison_schema.hpp"
#include "perfgate/model/errors.hpp"

namespace perfgate::history {
namespace {

std::string text_at(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::optional<double> number_at(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end() || !it->is_number()) return std::nullopt;
  return it->get<double>();
}

VerdictRecord verdict_of(const nlohmann::json& b, const std::string& origin) {
  VerdictRecord v;
  v.benchmark = text_at(b, "name");
  v.verdict = text_at(b, "verdict");
  if (v.benchmark.empty() || v.verdict.empty())
    throw InputError(origin + ": a benchmark without a name or a verdict");
  if (const auto problem = benchmark_name_problem(v.benchmark))
    throw InputError(origin + ": benchmark " + quote_text(v.benchmark) + ": " + *problem);
  if (const auto e = b.find("evidence"); e != b.end() && e->is_object()) {
    v.change_pct = number_at(*e, "change_pct");
    v.q_value = number_at(*e, "q_value");
  }
  return v;
}

}  // namespace

bool is_comparison_json(const nlohmann::json& doc) {
  return doc.is_object() && text_at(doc, "schema") == kComparisonSchema;
}

ComparisonRecord make_comparison_record(const nlohmann::json& doc, const std::string& content,
                                        const std::string& origin, const IngestOptions& options) {
  const auto version = doc.find("schema_version");
  if (version == doc.end() || !version->is_number_integer())
    throw InputError(origin + ": comparison JSON without a schema_version");
  if (version->get<long long>() != kComparisonSchemaVersion)
    throw InputError(origin + ": comparison schema version " + version->dump() + " is not one this perfgate reads (" +
                     std::to_string(kComparisonSchemaVersion) + ")");
  const nlohmann::json current = doc.value("current", nlohmann::json::object());
  const nlohmann::json baseline = doc.value("baseline", nlohmann::json::object());
  ComparisonRecord c;
  c.suite = text_at(doc, "suite");
  c.commit = options.commit.empty() ? text_at(current, "git_commit") : options.commit;
  if (c.commit.empty()) throw InputError(origin + ": the comparison names no current commit: give --commit SHA");
  c.testbed = options.testbed.empty() ? text_at(current.value("device", nlohmann::json::object()), "slug") : options.testbed;
  if (c.testbed.empty()) throw InputError(origin + ": the comparison names no device: give --testbed NAME");
  c.baseline_commit = text_at(baseline, "git_commit");
  c.created_utc = text_at(current, "created_utc");
  c.kind = options.kind;
  c.comparison_id = content_id({content, c.commit, c.testbed, c.kind});
  const auto benchmarks = doc.find("benchmarks");
  if (benchmarks == doc.end() || !benchmarks->is_array()) throw InputError(origin + ": comparison JSON without benchmarks");
  for (const nlohmann::json& b : *benchmarks) {
    if (!b.is_object()) throw InputError(origin + ": a benchmark that is not an object");
    c.verdicts.push_back(verdict_of(b, origin));
  }
  return c;
}

}  // namespace perfgate::history
