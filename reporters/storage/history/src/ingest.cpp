#include "perfgate/history/ingest.hpp"
#include "perfgate/history/ingest_batch.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <optional>
#include <thread>
#include <string>
#include <variant>

#include <nlohmann/json.hpp>

#include "perfgate/history/history_schema.hpp"
#include "perfgate/history/run_record.hpp"
#include "perfgate/history/sample_text.hpp"
#include "perfgate/history/series_table.hpp"
#include "perfgate/history/verdict_record.hpp"
#include "perfgate/formats/comparison_schema.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/input_file.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/platform/work_pool.hpp"
#include "perfgate/sql/batch_insert.hpp"

namespace perfgate::history {
namespace fs = std::filesystem;
namespace {

using Record = std::variant<RunRecord, ComparisonRecord>;
using sql::Value;


// The first member of a JSON document, read by a SAX parse that stops
// there: its key, and its value when that is a string.
class FirstMember : public nlohmann::json_sax<nlohmann::json> {
 public:
  std::optional<std::string> first_key, first_text;

  bool key(string_t& k) override {
    if (depth_ == 1 && !first_key) first_key = k;
    return true;
  }
  bool string(string_t& value) override { return scalar(&value); }
  bool null() override { return scalar(nullptr); }
  bool boolean(bool) override { return scalar(nullptr); }
  bool number_integer(number_integer_t) override { return scalar(nullptr); }
  bool number_unsigned(number_unsigned_t) override { return scalar(nullptr); }
  bool number_float(number_float_t, const string_t&) override { return scalar(nullptr); }
  bool binary(binary_t&) override { return scalar(nullptr); }
  bool start_object(std::size_t) override { return nest(); }
  bool start_array(std::size_t) override { return nest(); }
  bool end_object() override { return --depth_ > 0; }
  bool end_array() override { return --depth_ > 0; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  bool at_first_value() const { return depth_ == 1 && first_key.has_value(); }
  // The first member's value ends the parse; an object or array there is
  // not read into.
  bool scalar(const string_t* value) {
    if (at_first_value() && value) first_text = *value;
    return !at_first_value();
  }
  bool nest() {
    const bool stop = at_first_value();
    ++depth_;
    return !stop;
  }
  int depth_ = 0;
};

// A comparison file starts with its schema, as perfgate writes it: told
// from results (whose files start with "schema", "context" or "meta") by
// the first member alone, without a DOM of the whole file (a 38 MB results
// file took 200 MB and half the ingest for this question). A document whose
// first member is something else (keys sorted by another tool) is parsed
// whole to find its schema.
bool is_comparison_text(const std::string& content) {
  FirstMember first;
  nlohmann::json::sax_parse(content, &first);
  if (first.first_key == "schema") return first.first_text == kComparisonSchema;
  if (first.first_key == "context" || first.first_key == "meta") return false;
  const nlohmann::json doc = nlohmann::json::parse(content, nullptr, false);
  return !doc.is_discarded() && is_comparison_json(doc);
}

// Whether a file's first member says it holds results: perfgate's
// ("schema": "perfgate/results"), Google Benchmark's ("context") or
// NVBench's ("meta", "devices"), read from its first block.
bool starts_as_results(const fs::path& file) {
  FirstMember first;
  read_input_blocks(file, [&](std::string_view block) {
    nlohmann::json::sax_parse(block, &first);
    return false;
  });
  if (first.first_key == "schema") return first.first_text == kResultsSchema;
  return first.first_key == "context" || first.first_key == "meta" || first.first_key == "devices";
}

// A results file read as it streams, never whole (issue 28): its bytes
// hashed block by block for the run's id, then its results loaded.
Record read_streamed_run(const fs::path& file, const IngestOptions& options, std::int64_t now) {
  ContentHash content;
  read_input_blocks(file, [&](std::string_view block) {
    content.add(block);
    return true;
  });
  content.end_part();
  return make_run_record(load_results(file), content, input_name(file), options, now);
}

// Read once ("-" is standard input, which cannot be read twice), then
// parsed as a comparison or as results; a results file is read as it streams.
Record read_record(const fs::path& file, const IngestOptions& options, std::int64_t now) {
  if (!is_standard_input(file) && starts_as_results(file)) return read_streamed_run(file, options, now);
  const std::string content = read_input(file);
  const std::string name = input_name(file);
  if (is_comparison_text(content)) return make_comparison_record(content, name, options);
  return make_run_record(parse_results(content, name), content, name, options, now);
}

Value optional_value(const std::optional<double>& v) { return v ? Value{*v} : Value{nullptr}; }

// A testbed stored before the history kept fingerprints gets its first
// run's since then.
void insert_testbed(sql::Connection& db, const Testbed& t) {
  db.query("INSERT INTO testbeds (testbed, device_slug, device_kind, device_name, driver, cuda_runtime, gpu_count, "
           "topology, host_cpu, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
           {t.name, t.device_slug, t.device_kind, t.device_name, t.driver, t.cuda_runtime,
            std::int64_t{t.gpu_count}, t.topology, t.host_cpu, t.fingerprint_json});
  db.query("UPDATE testbeds SET fingerprint = ? WHERE testbed = ? AND fingerprint IS NULL", {t.fingerprint_json, t.name});
}

// How many benchmarks of a new suite's first run are looked up among the
// testbed's other suites: enough to tell "the same benchmarks", one query.
constexpr std::size_t kBenchmarksLookedUp = 50;

// A run whose suite has no run on its testbed yet, while another suite there
// holds series of at least half of its benchmarks (of the first 50): said,
// since each run would otherwise start one-point series nobody triages.
void warn_of_a_new_suite_beside_its_series(sql::Connection& db, const RunRecord& run, IngestSummary& summary) {
  if (!db.query("SELECT 1 FROM runs WHERE suite = ? AND testbed = ? LIMIT 1", {run.suite, run.testbed.name}).empty()) return;
  std::vector<Value> parameters = {run.testbed.name, run.suite};
  std::string names;
  for (std::size_t i = 0; i < run.measurements.size() && i < kBenchmarksLookedUp; ++i) {
    names += names.empty() ? "?" : ", ?";
    parameters.push_back(run.measurements[i].benchmark);
  }
  const std::size_t looked_up = parameters.size() - 2;
  const auto rows = db.query("SELECT r.suite, COUNT(DISTINCT m.benchmark) AS n FROM measurements m JOIN runs r ON r.run_id = "
                             "m.run_id WHERE r.testbed = ? AND r.suite <> ? AND m.benchmark IN (" + names + ") "
                             "GROUP BY r.suite ORDER BY n DESC, r.suite LIMIT 1",
                             parameters);
  if (rows.empty()) return;
  const std::string other = std::get<std::string>(rows[0][0]);
  const auto shared = static_cast<std::size_t>(std::get<std::int64_t>(rows[0][1]));
  if (2 * shared < looked_up) return;
  summary.warnings.push_back(run.source + ": starts a new suite " + quote_text(run.suite) + " on testbed " +
                             quote_text(run.testbed.name) + " beside suite " + quote_text(other) + ", which holds " +
                             std::to_string(shared) + " of its first " + std::to_string(looked_up) +
                             " benchmarks: its runs will form series of their own; give --suite " + printable_text(other) +
                             " to add them to that suite's series");
}

// A testbed is one device: a --testbed name that already holds another
// device's runs would mix two machines into one series, where a step is the
// machine, not the code.  Refused unless forced.
void require_same_device(sql::Connection& db, const RunRecord& run, bool force) {
  const auto rows = db.query("SELECT device_slug FROM testbeds WHERE testbed = ?", {run.testbed.name});
  if (rows.empty() || force) return;
  const std::string held = std::holds_alternative<std::string>(rows[0][0]) ? std::get<std::string>(rows[0][0]) : "";
  if (held == run.testbed.device_slug) return;
  throw InputError(run.source + ": testbed " + quote_text(run.testbed.name) + " holds runs of device " +
                   quote_text(held) + ", this run measured " + quote_text(run.testbed.device_slug) +
                   ": its runs would mix into another machine's series; name another --testbed, or pass --force");
}

void store_run(sql::Connection& db, const RunRecord& run, const std::string& now_utc, IngestSummary& summary,
               bool force) {
  require_same_device(db, run, force);
  warn_of_a_new_suite_beside_its_series(db, run, summary);
  insert_testbed(db, run.testbed);
  const auto inserted = db.query(
      "INSERT INTO runs (run_id, suite, testbed, commit_sha, ordinal, run_time, created_utc, kind, source, "
      "ingested_utc, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING run_id",
      {run.run_id, run.suite, run.testbed.name, run.commit, run.ordinal ? Value{*run.ordinal} : Value{nullptr},
       run.run_time, run.created_utc, run.kind, run.source, now_utc, run.testbed.fingerprint_json});
  if (inserted.empty()) {
    ++summary.runs_present;
    return;
  }
  ++summary.runs_added;
  sql::BatchInsert measurements(db, "measurements (run_id, benchmark, median_s, low_s, high_s, sample_count, robust_cv, "
                                    "instructions, instructions_spread_pct, kernel_instructions, "
                                    "kernel_instructions_spread_pct)", 11);
  for (const MeasurementRecord& m : run.measurements) {
    measurements.add({run.run_id, m.benchmark, m.median_s, optional_value(m.low_s), optional_value(m.high_s),
                      m.sample_count, optional_value(m.robust_cv), optional_value(m.instructions),
                      optional_value(m.instructions_spread_pct), optional_value(m.kernel_instructions),
                      optional_value(m.kernel_instructions_spread_pct)});
    ++summary.measurements;
  }
  measurements.flush();  // before their samples, which refer to them
  sql::BatchInsert samples(db, "sample_sets (run_id, benchmark, sample_count, seconds)", 4);
  for (const MeasurementRecord& m : run.measurements) {
    if (m.samples.empty()) continue;
    samples.add({run.run_id, m.benchmark, static_cast<std::int64_t>(m.samples.size()), samples_to_text(m.samples)});
    summary.samples += m.samples.size();
  }
  samples.flush();
  const SeriesPlacement placed = add_run_to_series(db, run.run_id);
  summary.late_runs += placed.late ? 1 : 0;
  summary.repeated_commits += placed.repeats_commit ? 1 : 0;
}

// The one testbed among `rows` whose name derives from the device slug
// (testbed.hpp: the slug, or the slug and what it adds); a testbed named
// with --testbed is the user's, which a comparison without one never means.
std::optional<std::string> derived_from(const std::vector<sql::Row>& rows, const std::string& slug) {
  std::optional<std::string> found;
  for (const sql::Row& row : rows) {
    const std::string name = sql::as_text(row.at(0));
    if (name != slug && !name.starts_with(slug + "-")) continue;
    if (found) return std::nullopt;  // two: which one is not known
    found = name;
  }
  return found;
}

// A comparison names its device by slug alone; a run's testbed adds the
// CPU count, or the driver and CUDA runtime (testbed.hpp).  Its verdicts
// take the testbed of the run they judged (this suite and commit on a
// testbed derived from that slug), else the one testbed derived from that
// slug, so that they stand beside their series; else the slug.
std::string verdict_testbed(sql::Connection& db, const ComparisonRecord& c) {
  if (c.testbed_given) return c.testbed;
  const auto judged = db.query("SELECT DISTINCT r.testbed FROM runs r JOIN testbeds t ON t.testbed = r.testbed "
                               "WHERE t.device_slug = ? AND r.suite = ? AND r.commit_sha = ?",
                               {c.testbed, c.suite, c.commit});
  if (const auto name = derived_from(judged, c.testbed)) return *name;
  const auto of_slug = db.query("SELECT testbed FROM testbeds WHERE device_slug = ?", {c.testbed});
  return derived_from(of_slug, c.testbed).value_or(c.testbed);
}

void store_comparison(sql::Connection& db, const ComparisonRecord& c, IngestSummary& summary) {
  if (!db.query("SELECT 1 FROM verdicts WHERE comparison_id = ?", {c.comparison_id}).empty()) {
    ++summary.comparisons_present;
    return;
  }
  ++summary.comparisons_added;
  const std::string testbed = verdict_testbed(db, c);
  for (const VerdictRecord& v : c.verdicts) {
    db.query("INSERT INTO verdicts (comparison_id, suite, testbed, commit_sha, baseline_commit, created_utc, kind, "
             "benchmark, verdict, change_pct, q_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
             {c.comparison_id, c.suite, testbed, c.commit, c.baseline_commit, c.created_utc, c.kind, v.benchmark,
              v.verdict, optional_value(v.change_pct), optional_value(v.q_value)});
    ++summary.verdicts;
  }
}


std::int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// Every record at once: a failure leaves the store as it was.
IngestSummary store_records(sql::Connection& db, const std::vector<Record>& records, std::int64_t now, bool force) {
  if (stored_schema_version(db) != kHistorySchemaVersion)
    throw InputError(db.describe() + ": the history's schema is not set up (open it with history::open_history)");
  IngestSummary summary;
  sql::Transaction transaction(db);
  for (const Record& record : records) {
    if (const auto* run = std::get_if<RunRecord>(&record)) store_run(db, *run, utc_text(now), summary, force);
    else store_comparison(db, std::get<ComparisonRecord>(record), summary);
  }
  transaction.commit();
  return summary;
}

// Each file read by its own task, on every core (reading is most of an
// ingest's time); of several bad files, the first named gives the error.
std::vector<Record> read_records(const std::vector<fs::path>& files, const IngestOptions& options, std::int64_t now) {
  std::vector<std::optional<Record>> read(files.size());
  std::vector<std::exception_ptr> failed(files.size());
  {
    WorkPool pool(std::min<std::size_t>(files.size(), std::max(1u, std::thread::hardware_concurrency())));
    for (std::size_t i = 0; i < files.size(); ++i)
      pool.submit([&, i] {
        try {
          read[i] = read_record(files[i], options, now);
        } catch (...) {
          failed[i] = std::current_exception();
        }
      });
    pool.wait();
  }
  std::vector<Record> records;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (failed[i]) std::rethrow_exception(failed[i]);
    records.push_back(std::move(*read[i]));
  }
  return records;
}

}  // namespace

IngestBatch read_ingest_files(const std::vector<fs::path>& files, const IngestOptions& options) {
  require_run_kind(options.kind, "--kind");
  IngestBatch batch;
  batch.now = now_seconds();
  batch.force = options.force;
  batch.records = read_records(files, options, batch.now);
  return batch;
}

IngestSummary store_batch(sql::Connection& db, const IngestBatch& batch) {
  return store_records(db, batch.records, batch.now, batch.force);
}

IngestSummary ingest_files(sql::Connection& db, const std::vector<fs::path>& files, const IngestOptions& options) {
  return store_batch(db, read_ingest_files(files, options));
}

IngestSummary ingest_results(sql::Connection& db, const Results& results, const std::string& origin,
                             const IngestOptions& options) {
  require_run_kind(options.kind, "--perfgate_history_kind");
  const std::int64_t now = now_seconds();
  return store_records(db, {make_run_record(results, results_to_json(results), origin, options, now)}, now, options.force);
}

}  // namespace perfgate::history
