#include "perfgate/history/verdict_record.hpp"

#include <cmath>

#include "perfgate/gate/comparison_json_reader.hpp"
#include "perfgate/history/run_record.hpp"
#include "perfgate/formats/comparison_schema.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate::history {
namespace {

std::optional<double> finite(double value) { return std::isfinite(value) ? std::optional<double>(value) : std::nullopt; }

// What the gate said of one benchmark: the file's verdict, and the
// evidence's change (the writer's change_pct, 100 (ratio - 1)) and q-value.
VerdictRecord verdict_of(const BenchmarkComparison& b) {
  VerdictRecord v{b.name, to_string(b.verdict), std::nullopt, std::nullopt};
  if (b.evidence) {
    v.change_pct = finite((b.evidence->ratio - 1.0) * 100.0);
    v.q_value = finite(b.evidence->q_value);
  }
  return v;
}

}  // namespace

bool is_comparison_json(const nlohmann::json& doc) {
  const auto schema = doc.is_object() ? doc.find("schema") : doc.end();
  return doc.is_object() && schema != doc.end() && schema->is_string() && *schema == kComparisonSchema;
}

ComparisonRecord make_comparison_record(const std::string& content, const std::string& origin,
                                        const IngestOptions& options) {
  const Comparison comparison = comparison_from_json(content, origin);  // the one reader: every check is its
  ComparisonRecord c;
  c.suite = comparison.suite;
  c.commit = options.commit.empty() ? comparison.current.git_commit : options.commit;
  if (c.commit.empty())
    throw InputError(origin + ": the comparison names no current commit: " + options.missing_commit_advice);
  c.testbed = options.testbed.empty() ? comparison.current.device.slug : options.testbed;
  c.testbed_given = !options.testbed.empty();
  if (c.testbed.empty()) throw InputError(origin + ": the comparison names no device: give --testbed NAME");
  c.baseline_commit = comparison.baseline.git_commit;
  c.created_utc = comparison.current.created_utc;
  c.kind = options.kind;
  c.comparison_id = content_id({content, c.commit, c.testbed, c.kind});
  for (const BenchmarkComparison& b : comparison.benchmarks) c.verdicts.push_back(verdict_of(b));
  return c;
}

}  // namespace perfgate::history
