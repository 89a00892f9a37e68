#include "perfgate/history/ingest.hpp"

#include <chrono>
#include <variant>

#include <nlohmann/json.hpp>

#include "perfgate/history/history_schema.hpp"
#include "perfgate/history/run_record.hpp"
#include "perfgate/history/verdict_record.hpp"
#include "perfgate/model/errors.hpp"
#include "perfgate/model/input_file.hpp"
#include "perfgate/model/results_io.hpp"
#include "perfgate/sql/batch_insert.hpp"

namespace perfgate::history {
namespace fs = std::filesystem;
namespace {

using Record = std::variant<RunRecord, ComparisonRecord>;
using sql::Value;


// Read once ("-" is standard input, which cannot be read twice), then
// parsed as a comparison or as results.
Record read_record(const fs::path& file, const IngestOptions& options, std::int64_t now) {
  const std::string content = read_input(file);
  const std::string name = input_name(file);
  const nlohmann::json doc = nlohmann::json::parse(content, nullptr, false);
  if (!doc.is_discarded() && is_comparison_json(doc)) return make_comparison_record(doc, content, name, options);
  return make_run_record(parse_results(content, name), content, name, options, now);
}

Value optional_value(const std::optional<double>& v) { return v ? Value{*v} : Value{nullptr}; }

void insert_testbed(sql::Connection& db, const Testbed& t) {
  db.query("INSERT INTO testbeds (testbed, device_slug, device_kind, device_name, driver, cuda_runtime, gpu_count, "
           "topology, host_cpu) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
           {t.name, t.device_slug, t.device_kind, t.device_name, t.driver, t.cuda_runtime,
            std::int64_t{t.gpu_count}, t.topology, t.host_cpu});
}

void store_run(sql::Connection& db, const RunRecord& run, const std::string& now_utc, IngestSummary& summary) {
  insert_testbed(db, run.testbed);
  const auto inserted = db.query(
      "INSERT INTO runs (run_id, suite, testbed, commit_sha, ordinal, run_time, created_utc, kind, source, "
      "ingested_utc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING run_id",
      {run.run_id, run.suite, run.testbed.name, run.commit, run.ordinal ? Value{*run.ordinal} : Value{nullptr},
       run.run_time, run.created_utc, run.kind, run.source, now_utc});
  if (inserted.empty()) {
    ++summary.runs_present;
    return;
  }
  ++summary.runs_added;
  sql::BatchInsert measurements(db, "measurements (run_id, benchmark, median_s, low_s, high_s, sample_count, robust_cv)", 7);
  for (const MeasurementRecord& m : run.measurements) {
    measurements.add({run.run_id, m.benchmark, m.median_s, optional_value(m.low_s), optional_value(m.high_s),
                      m.sample_count, optional_value(m.robust_cv)});
    ++summary.measurements;
  }
  measurements.flush();  // before their samples, which refer to them
  sql::BatchInsert samples(db, "samples (run_id, benchmark, position, seconds)", 4);
  for (const MeasurementRecord& m : run.measurements) {
    for (std::size_t i = 0; i < m.samples.size(); ++i)
      samples.add({run.run_id, m.benchmark, static_cast<std::int64_t>(i), m.samples[i]});
    summary.samples += m.samples.size();
  }
  samples.flush();
}

void store_comparison(sql::Connection& db, const ComparisonRecord& c, IngestSummary& summary) {
  if (!db.query("SELECT 1 FROM verdicts WHERE comparison_id = ?", {c.comparison_id}).empty()) {
    ++summary.comparisons_present;
    return;
  }
  ++summary.comparisons_added;
  for (const VerdictRecord& v : c.verdicts) {
    db.query("INSERT INTO verdicts (comparison_id, suite, testbed, commit_sha, baseline_commit, created_utc, kind, "
             "benchmark, verdict, change_pct, q_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
             {c.comparison_id, c.suite, c.testbed, c.commit, c.baseline_commit, c.created_utc, c.kind, v.benchmark,
              v.verdict, optional_value(v.change_pct), optional_value(v.q_value)});
    ++summary.verdicts;
  }
}


std::int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// Every record at once: a failure leaves the store as it was.
IngestSummary store_records(sql::Connection& db, const std::vector<Record>& records, std::int64_t now) {
  ensure_schema(db);
  IngestSummary summary;
  sql::Transaction transaction(db);
  for (const Record& record : records) {
    if (const auto* run = std::get_if<RunRecord>(&record)) store_run(db, *run, utc_text(now), summary);
    else store_comparison(db, std::get<ComparisonRecord>(record), summary);
  }
  transaction.commit();
  return summary;
}

}  // namespace

void require_run_kind(const std::string& kind, const std::string& where) {
  if (kind != "main" && kind != "pr" && kind != "ab")
    throw InputError(where + "=" + kind + ": expected main, pr or ab");
}

IngestSummary ingest_files(sql::Connection& db, const std::vector<fs::path>& files, const IngestOptions& options) {
  require_run_kind(options.kind, "--kind");
  const std::int64_t now = now_seconds();
  std::vector<Record> records;
  for (const fs::path& file : files) records.push_back(read_record(file, options, now));
  return store_records(db, records, now);
}

IngestSummary ingest_results(sql::Connection& db, const Results& results, const std::string& origin,
                             const IngestOptions& options) {
  require_run_kind(options.kind, "--perfgate_history_kind");
  const std::int64_t now = now_seconds();
  return store_records(db, {make_run_record(results, results_to_json(results), origin, options, now)}, now);
}

}  // namespace perfgate::history
