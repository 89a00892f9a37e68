#include "perfgate/history/reference_runs.hpp"

#include <algorithm>
#include <map>

#include "perfgate/history/history_schema.hpp"
#include "perfgate/history/sample_text.hpp"
#include "perfgate/model/errors.hpp"
#include "perfgate/model/fingerprint_json.hpp"

namespace perfgate::history {
namespace {

using sql::Value;


// The main runs of the suite on the testbed that still have their samples,
// newest first (the series' commit order, reversed).
constexpr const char* kReferenceRuns =
    "FROM runs WHERE suite = ? AND testbed = ? AND kind = 'main' AND samples_pruned = 0";

std::size_t count_available(sql::Connection& db, const ReferenceRequest& request) {
  const auto rows = db.query(std::string("SELECT COUNT(*) ") + kReferenceRuns, {request.suite, request.testbed});
  return rows.empty() ? 0 : static_cast<std::size_t>(sql::as_integer(rows[0][0]));
}

std::vector<ReferenceRun> newest_runs(sql::Connection& db, const ReferenceRequest& request) {
  std::vector<ReferenceRun> runs;
  for (const sql::Row& row :
       db.query(std::string("SELECT run_id, commit_sha, ordinal, created_utc ") + kReferenceRuns +
                    " ORDER BY (ordinal IS NULL) DESC, ordinal DESC, run_time DESC, run_id DESC LIMIT ?",
                {request.suite, request.testbed, static_cast<std::int64_t>(request.runs)})) {
    ReferenceRun run{sql::as_text(row[0]), sql::as_text(row[1]), std::nullopt, sql::as_text(row[3])};
    if (std::holds_alternative<std::int64_t>(row[2])) run.ordinal = std::get<std::int64_t>(row[2]);
    runs.push_back(std::move(run));
  }
  std::reverse(runs.begin(), runs.end());  // oldest first: rounds in the order they were measured
  return runs;
}

// One run as a results file: its cases with their samples in the order
// they were taken.  Counters and traces are not in the history, and the
// gate judges times only.
Results round_of(sql::Connection& db, const ReferenceRun& run, const std::string& suite, const Fingerprint& device) {
  Results round;
  round.suite = suite;
  round.created_utc = run.created_utc;
  round.source.git_commit = run.commit;
  round.fingerprint = device;
  for (const sql::Row& row : db.query("SELECT benchmark, seconds FROM sample_sets WHERE run_id = ? ORDER BY benchmark",
                                      {run.run_id})) {
    BenchmarkResult& b = round.benchmarks.emplace_back();
    b.name = sql::as_text(row[0]);
    b.samples = samples_from_text(sql::as_text(row[1]), db.describe() + ": run " + run.run_id + ", " + b.name);
  }
  return round;
}

std::string short_commit(const std::string& commit) { return commit.empty() ? "(no commit)" : commit.substr(0, 12); }

std::vector<std::string> distinct_column(sql::Connection& db, const std::string& column, const std::string& filter_column,
                                         const std::string& filter_value) {
  std::vector<std::string> values;
  if (stored_schema_version(db) == 0) return values;
  std::string statement = "SELECT DISTINCT " + column + " FROM runs WHERE kind = 'main'";
  std::vector<Value> params;
  if (!filter_value.empty()) {
    statement += " AND " + filter_column + " = ?";
    params.push_back(filter_value);
  }
  for (const sql::Row& row : db.query(statement + " ORDER BY " + column, params)) values.push_back(sql::as_text(row[0]));
  return values;
}

}  // namespace

std::string HistoryReference::describe() const {
  std::string text = "history: last " + std::to_string(runs.size()) + " main runs on " + testbed;
  if (!runs.empty()) text += ", commits " + short_commit(runs.front().commit) + ".." + short_commit(runs.back().commit);
  return text;
}

std::string HistoryReference::shortage() const {
  return "history: " + std::to_string(available) + " main run" + (available == 1 ? "" : "s") + " of " + suite + " on " +
         testbed + " with samples, " + std::to_string(needed) + " needed";
}

HistoryReference load_reference(sql::Connection& db, const ReferenceRequest& request) {
  if (request.runs == 0) throw InputError("a history reference needs at least one run");
  HistoryReference reference;
  reference.suite = request.suite;
  reference.testbed = request.testbed;
  reference.needed = request.runs;
  if (stored_schema_version(db) == 0) return reference;
  reference.available = count_available(db, request);
  if (reference.available < request.runs) return reference;
  std::optional<Fingerprint> device;
  if (request.device) device = *request.device;
  else device = testbed_device(db, request.testbed);
  if (!device) return reference;  // runs of an unknown testbed cannot be: the schema's foreign key
  reference.runs = newest_runs(db, request);
  for (const ReferenceRun& run : reference.runs) reference.rounds.push_back(round_of(db, run, request.suite, *device));
  return reference;
}

std::vector<std::string> testbeds_with_runs(sql::Connection& db, const std::string& suite) {
  return distinct_column(db, "testbed", "suite", suite);
}

std::vector<std::string> suites_with_runs(sql::Connection& db, const std::string& testbed) {
  return distinct_column(db, "suite", "testbed", testbed);
}

std::optional<Fingerprint> testbed_device(sql::Connection& db, const std::string& testbed) {
  if (stored_schema_version(db) == 0) return std::nullopt;
  const auto rows = db.query("SELECT device_slug, device_kind, device_name, driver, cuda_runtime, gpu_count, host_cpu, "
                             "fingerprint FROM testbeds WHERE testbed = ?",
                             {testbed});
  if (rows.empty()) return std::nullopt;
  const sql::Row& row = rows.front();
  const std::string origin = db.describe() + ": testbed " + quote_text(testbed);
  if (const std::string kept = sql::as_text(row[7]); !kept.empty()) return fingerprint_from_json_text(kept, origin);
  // Stored before the history kept fingerprints: what the row holds.
  Fingerprint device;
  device.slug = sql::as_text(row[0]);
  try {
    device.kind = device_kind_from_string(sql::as_text(row[1]));
  } catch (const std::invalid_argument&) {
    throw InputError(origin + " has device kind " + quote_text(sql::as_text(row[1])));
  }
  device.name = sql::as_text(row[2]);
  device.driver = sql::as_text(row[3]);
  device.cuda_runtime = sql::as_text(row[4]);
  device.gpu_count = static_cast<int>(sql::as_integer(row[5]));
  device.host_cpu = sql::as_text(row[6]);
  return device;
}

}  // namespace perfgate::history
