#include "perfgate/history/reference_runs.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <set>

#include "perfgate/history/history_schema.hpp"
#include "perfgate/history/latest_step.hpp"
#include "perfgate/history/outlying_runs.hpp"
#include "perfgate/history/sample_text.hpp"
#include "perfgate/history/triage_cache.hpp"
#include "perfgate/model/counter_names.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/model/fingerprint.hpp"
#include "perfgate/formats/fingerprint_json.hpp"
#include "perfgate/model/time_text.hpp"

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
  // A store of schema 3 or older (read, not migrated) has no run's device.
  const std::string device = stored_schema_version(db) >= 4 ? "fingerprint" : "NULL";
  for (const sql::Row& row :
       db.query("SELECT run_id, commit_sha, ordinal, created_utc, " + device + " " + kReferenceRuns +
                    " ORDER BY (ordinal IS NULL) DESC, ordinal DESC, run_time DESC, run_id DESC LIMIT ?",
                {request.suite, request.testbed, static_cast<std::int64_t>(request.runs)})) {
    ReferenceRun run{sql::as_text(row[0]), sql::as_text(row[1]), std::nullopt, sql::as_text(row[3]), ""};
    if (std::holds_alternative<std::int64_t>(row[2])) run.ordinal = std::get<std::int64_t>(row[2]);
    if (std::holds_alternative<std::string>(row[4])) run.fingerprint = std::get<std::string>(row[4]);
    runs.push_back(std::move(run));
  }
  std::reverse(runs.begin(), runs.end());  // oldest first: rounds in the order they were measured
  return runs;
}

// One run as a results file: its cases with their samples in the order
// they were taken, and their counted work where the run was counted (the
// count gate judges it), read with them in one query.  Other counters and
// traces are not in the history.
// A stored count and its spread (columns `column` and `column + 1`), where
// the run was counted.
void read_count(const sql::Row& row, std::size_t column, const char* count, const char* spread, BenchmarkResult& b) {
  const std::optional<double> value = sql::as_number(row[column]);
  if (!value) return;
  b.counters[count] = *value;
  if (const std::optional<double> s = sql::as_number(row[column + 1])) b.counters[spread] = *s;
}

Results round_of(sql::Connection& db, const ReferenceRun& run, const std::string& suite, const Fingerprint& device) {
  Results round;
  round.suite = suite;
  round.created_utc = run.created_utc;
  round.source.git_commit = run.commit;
  round.fingerprint = device;
  for (const sql::Row& row :
       db.query("SELECT s.benchmark, s.seconds, m.instructions, m.instructions_spread_pct, m.kernel_instructions, "
                "m.kernel_instructions_spread_pct FROM sample_sets s "
                "JOIN measurements m ON m.run_id = s.run_id AND m.benchmark = s.benchmark WHERE s.run_id = ? "
                "ORDER BY s.benchmark",
                {run.run_id})) {
    BenchmarkResult& b = round.benchmarks.emplace_back();
    b.name = sql::as_text(row[0]);
    b.samples = samples_from_text(sql::as_text(row[1]), db.describe() + ": run " + run.run_id + ", " + b.name);
    read_count(row, 2, counter::kInstructions, counter::kInstructionsSpreadPct, b);
    read_count(row, 4, counter::kKernelInstructions, counter::kKernelInstructionsSpreadPct, b);
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

// A run of the K and its round, while the K are screened.
struct Candidate {
  ReferenceRun run;
  Results round;
};

void leave_out(std::vector<Candidate>& candidates, HistoryReference& reference,
               const std::function<std::optional<std::string>(const Candidate&)>& why_not) {
  std::vector<Candidate> kept;
  for (Candidate& c : candidates) {
    if (const auto why = why_not(c)) reference.left_out.push_back({c.run, *why});
    else kept.push_back(std::move(c));
  }
  candidates = std::move(kept);
}

// Runs of another device under this testbed (a forced ingest): their
// samples describe another machine, so they are no round of this one's.
void leave_out_other_devices(std::vector<Candidate>& candidates, const Fingerprint& device, HistoryReference& reference) {
  leave_out(candidates, reference, [&](const Candidate& c) -> std::optional<std::string> {
    if (c.run.fingerprint.empty()) return std::nullopt;  // stored before runs kept their device
    std::string why;
    if (comparable(device, fingerprint_from_json_text(c.run.fingerprint, "run " + c.run.run_id), &why)) return std::nullopt;
    return "measured on another device (" + why + ")";
  });
}

std::string percent_text(double pct) { return format_percent(pct, 1); }

// "2.00x"; a poisoned run of 1e300x in three digits and an exponent.
std::string ratio_text(double ratio) {
  char text[32];
  std::snprintf(text, sizeof text, std::fabs(ratio) >= 1e6 ? "%.3gx" : "%.2fx", ratio);
  return text;
}

// The runs before the latest change `history changes` finds (in the K and
// the default_recheck_runs() runs before them): one level is pooled, never two.
void leave_out_before_step(sql::Connection& db, const ReferenceRequest& request, std::vector<Candidate>& candidates,
                           HistoryReference& reference) {
  std::set<std::string> names;
  for (const Candidate& c : candidates)
    for (const BenchmarkResult& b : c.round.benchmarks) names.insert(b.name);
  const stats::ChangePointSettings settings;
  const auto step = latest_step(db, request.suite, request.testbed, {names.begin(), names.end()},
                                request.runs + default_recheck_runs(settings));
  if (!step) return;
  const Change& c = step->change;
  const std::string what = "before the " + std::string(to_string(c.shape)) + " of " + c.benchmark + " (" +
                           percent_text(c.change_pct) + ") at commit " + short_commit(c.end_commit) +
                           " that `perfgate history changes` finds";
  leave_out(candidates, reference, [&](const Candidate& candidate) -> std::optional<std::string> {
    if (step->runs_before.count(candidate.run.run_id) == 0) return std::nullopt;
    return what;
  });
}

// Runs whose suite ratio to the others is beyond kOutlyingRatio.
void leave_out_outlying_runs(std::vector<Candidate>& candidates, HistoryReference& reference) {
  std::vector<Results> rounds;
  for (const Candidate& c : candidates) rounds.push_back(c.round);
  std::map<std::string, double> ratio_of;
  for (const RunLeftOut& out : outlying_rounds(rounds)) ratio_of[candidates[out.round].run.run_id] = out.ratio;
  leave_out(candidates, reference, [&](const Candidate& c) -> std::optional<std::string> {
    const auto it = ratio_of.find(c.run.run_id);
    if (it == ratio_of.end()) return std::nullopt;
    return "its cases are " + ratio_text(it->second) + " the other runs' (the median over the cases; outside [1/" +
           ratio_text(kOutlyingRatio) + ", " + ratio_text(kOutlyingRatio) + "])";
  });
}

// One note for the case values left out, naming each (the first ten).
std::string capped_values_note(const std::vector<CaseLeftOut>& capped, const std::vector<Candidate>& candidates) {
  constexpr std::size_t kNamed = 10;
  std::string text = "history: " + std::to_string(capped.size()) + " case value" + (capped.size() == 1 ? "" : "s") +
                     " left out of the reference (beyond " + ratio_text(kOutlyingRatio) +
                     " of the other runs' median of the case): ";
  for (std::size_t i = 0; i < capped.size() && i < kNamed; ++i)
    text += (i == 0 ? "" : "; ") + capped[i].benchmark + " of " + candidates[capped[i].round].run.name() + " at " +
            ratio_text(capped[i].ratio);
  if (capped.size() > kNamed) text += "; and " + std::to_string(capped.size() - kNamed) + " more";
  return text;
}

}  // namespace

std::string ReferenceRun::name() const {
  return "run " + run_id + " (commit " + short_commit(commit) + ", " + (created_utc.empty() ? "no date" : created_utc) + ")";
}

std::size_t fewest_pooled(std::size_t runs) { return runs / 2 + 1; }

std::string HistoryReference::describe() const {
  std::string text = "history: last " + std::to_string(runs.size() + left_out.size()) + " main runs on " + testbed;
  if (!left_out.empty())
    text += ", " + std::to_string(runs.size()) + " pooled (" + std::to_string(left_out.size()) + " left out)";
  if (!runs.empty()) text += ", commits " + short_commit(runs.front().commit) + ".." + short_commit(runs.back().commit);
  return text;
}

std::string HistoryReference::shortage() const {
  if (!too_few.empty()) return too_few;
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
  std::vector<Candidate> candidates;
  for (ReferenceRun& run : newest_runs(db, request)) {
    Results round = round_of(db, run, request.suite, *device);
    candidates.push_back({std::move(run), std::move(round)});
  }
  leave_out_other_devices(candidates, *device, reference);
  leave_out_before_step(db, request, candidates, reference);
  leave_out_outlying_runs(candidates, reference);
  for (const LeftOutRun& out : reference.left_out)
    reference.notes.push_back("history: left out " + out.run.name() + ": " + out.why);
  if (candidates.size() < fewest_pooled(request.runs)) {
    reference.too_few = "history: " + std::to_string(candidates.size()) + " of the last " + std::to_string(request.runs) +
                        " main runs of " + request.suite + " on " + request.testbed + " can be pooled, " +
                        std::to_string(fewest_pooled(request.runs)) + " needed (a majority)";
    for (const LeftOutRun& out : reference.left_out) reference.too_few += "; left out " + out.run.name() + ": " + out.why;
    return reference;
  }
  std::vector<Results> rounds;
  for (const Candidate& c : candidates) rounds.push_back(c.round);
  if (const std::vector<CaseLeftOut> capped = cap_case_values(rounds); !capped.empty())
    reference.notes.push_back(capped_values_note(capped, candidates));
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    reference.runs.push_back(std::move(candidates[i].run));
    reference.rounds.push_back(std::move(rounds[i]));
  }
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
