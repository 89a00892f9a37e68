#include "perfgate/model/gbench_import.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/model/errors.hpp"
#include "perfgate/model/suite_name.hpp"
#include "perfgate/model/utc_date.hpp"
#include "perfgate/stats/summary.hpp"
#include "json_reader.hpp"

namespace perfgate {
namespace {

using Json = nlohmann::json;

double seconds_per_unit(const std::string& unit, const std::string& where) {
  if (unit.empty() || unit == "ns") return 1e-9;
  if (unit == "us") return 1e-6;
  if (unit == "ms") return 1e-3;
  if (unit == "s") return 1.0;
  throw InputError(where + ": unknown time_unit " + quote_text(unit));
}

// Keys Google Benchmark writes itself; any other number is a user counter.
bool is_reserved_key(const std::string& key) {
  static const std::set<std::string> reserved = {
      "name", "family_index", "per_family_instance_index", "run_name", "run_type", "repetitions",
      "repetition_index", "threads", "aggregate_name", "aggregate_unit", "iterations", "real_time",
      "cpu_time", "time_unit", "error_occurred", "error_message", "label", "big_o", "rms", "skipped",
      "skip_message", "cpu_coefficient", "real_coefficient"};
  return reserved.count(key) > 0;
}


// A count field (0 when absent): a whole number in [0, max].  Converting a
// float such as 2e57 to an integer is undefined behaviour (found by
// fuzzing, in "iterations" and in the context's "num_cpus"), and 1.5 would
// be silently truncated.
std::int64_t whole_number(const Json& object, const char* key, double max, const std::string& where) {
  const auto it = object.find(key);
  if (it == object.end()) return 0;
  const double v = it->is_number() ? it->get<double>() : -1.0;
  if (std::isfinite(v) && v >= 0 && v <= max && v == std::floor(v)) return static_cast<std::int64_t>(v);
  throw InputError(where + ": " + key + " is not a whole number from 0 to " + std::to_string(static_cast<long long>(max)));
}

struct Accumulated {
  BenchmarkResult result;
  std::map<std::string, std::vector<double>> counter_samples;
  std::string written_name;  // as the file names it, before canonical_benchmark_name
};

void add_row(const Json& row, std::size_t index, const std::string& origin,
             std::map<std::string, Accumulated>& by_name, std::vector<std::string>& order) {
  const std::string where = origin + ": benchmarks[" + std::to_string(index) + "]";
  if (!row.is_object()) throw InputError(where + " is not a JSON object");
  const std::string full_name = row.value("run_name", row.value("name", std::string()));
  const std::string name = canonical_benchmark_name(full_name);
  if (auto problem = benchmark_name_problem(name))
    throw InputError(where + " has an unusable name " + quote_text(full_name) + ": " + *problem);
  auto [slot, inserted] = by_name.try_emplace(name);
  if (inserted) {
    order.push_back(name);
    slot->second.result.name = name;
    slot->second.written_name = full_name;
  } else if (slot->second.written_name != full_name) {
    // "BM_a" and "BM_a/real_time" (or two /min_time: settings) are two runs
    // of different settings: pooling them would mix their samples silently.
    throw InputError(where + ": " + quote_text(full_name) + " and " + quote_text(slot->second.written_name) +
                     " are both " + quote_text(name) +
                     " once the run settings (/real_time, /min_time:, /iterations:, ...) are left out; keep one "
                     "of them or give them different names");
  }
  BenchmarkResult& b = slot->second.result;
  // Google Benchmark >= 1.8: SkipWithMessage writes "skipped" and
  // "skip_message", with a zero time that is no sample.
  if (row.value("skipped", false)) {
    const std::string message = row.value("skip_message", std::string());
    b.skipped = message.empty() ? "skipped (no message)" : message;
    return;
  }
  if (row.value("error_occurred", false)) {
    const std::string message = row.value("error_message", std::string("failed"));
    if (message.rfind(kSkipPrefix, 0) == 0) b.skipped = message.substr(kSkipPrefix.size());
    else b.error = message;
    return;
  }
  const auto real_time = row.find("real_time");
  if (real_time == row.end() || !real_time->is_number())
    throw InputError(where + " (" + quote_text(name) + "): real_time is missing or not a number");
  const double seconds = real_time->get<double>() * seconds_per_unit(row.value("time_unit", std::string()), where);
  if (!std::isfinite(seconds) || seconds < 0)
    throw InputError(where + " (" + quote_text(name) + "): real_time is negative or not finite");
  if (b.samples.size() >= detail::kMaxSamplesPerBenchmark)
    throw InputError(where + " (" + quote_text(name) + "): more than " + std::to_string(detail::kMaxSamplesPerBenchmark) +
                     " repetitions; at most that many samples per benchmark are read");
  b.samples.push_back(seconds);
  b.iterations = whole_number(row, "iterations", 9.0e18, where + " (" + quote_text(name) + ")");
  for (const auto& [key, value] : row.items())
    if (!is_reserved_key(key) && value.is_number()) slot->second.counter_samples[key].push_back(value.get<double>());
}

// The aggregate rows of one family (Google Benchmark's run_name): what is
// left to judge when the file holds no repetition of it, as with
// ReportAggregatesOnly(true) or --benchmark_report_aggregates_only.
struct AggregateRows {
  std::map<std::string, double> seconds;  // aggregate_name -> real_time in seconds
  std::size_t repetitions = 0;
  std::map<std::string, double> counters;  // from the median (else the mean) row
  std::vector<std::string> names;          // aggregate names as written, for the reason
};

// Complexity fits (BigO, RMS) describe a family's other rows, not a time.
bool is_complexity_fit(const std::string& aggregate_name) { return aggregate_name == "BigO" || aggregate_name == "RMS"; }

// The family an aggregate row belongs to: run_name, or the name without
// its "_<aggregate_name>" suffix in files older than run_name.
std::string aggregate_family(const Json& row, const std::string& aggregate) {
  if (row.contains("run_name")) return row.value("run_name", std::string());
  std::string name = row.value("name", std::string());
  const std::string suffix = "_" + aggregate;
  if (suffix.size() > 1 && name.size() > suffix.size() && name.ends_with(suffix)) name.resize(name.size() - suffix.size());
  return name;
}

// Files from before run_type (Google Benchmark < 1.5) mark aggregates only by
// name: "BM_a_mean" after the repetitions of "BM_a".  A row without run_type
// is such an aggregate when its name is another row's name plus _mean,
// _median, _stddev or _cv; its aggregate name is then that suffix.
std::string aggregate_by_name(const Json& row, const std::set<std::string>& row_names) {
  if (!row.is_object() || row.contains("run_type") || row.contains("aggregate_name")) return "";
  const std::string name = row.value("name", std::string());
  for (const char* aggregate : {"mean", "median", "stddev", "cv"}) {
    const std::string suffix = std::string("_") + aggregate;
    if (name.size() > suffix.size() && name.ends_with(suffix) && row_names.count(name.substr(0, name.size() - suffix.size())))
      return aggregate;
  }
  return "";
}

void add_aggregate_row(const Json& row, const std::string& aggregate, std::size_t index, const std::string& origin,
                       std::map<std::string, AggregateRows>& by_family, std::vector<std::string>& order) {
  const std::string where = origin + ": benchmarks[" + std::to_string(index) + "]";
  if (is_complexity_fit(aggregate)) return;
  const std::string name = canonical_benchmark_name(aggregate_family(row, aggregate));
  if (auto problem = benchmark_name_problem(name))
    throw InputError(where + " has an unusable name " + quote_text(aggregate_family(row, aggregate)) + ": " + *problem);
  auto [slot, inserted] = by_family.try_emplace(name);
  if (inserted) order.push_back(name);
  AggregateRows& family = slot->second;
  family.names.push_back(aggregate.empty() ? "unnamed" : aggregate);
  const bool is_time = row.value("aggregate_unit", std::string("time")) == "time";
  const auto real_time = row.find("real_time");
  if (!is_time || aggregate.empty() || real_time == row.end() || !real_time->is_number()) return;
  const double seconds = real_time->get<double>() * seconds_per_unit(row.value("time_unit", std::string()), where);
  if (!std::isfinite(seconds) || seconds < 0)
    throw InputError(where + " (" + quote_text(name) + "): real_time is negative or not finite");
  family.seconds[aggregate] = seconds;
  // On an aggregate row "iterations" is the number of repetitions.
  const std::int64_t repetitions = row.contains("repetitions") ? whole_number(row, "repetitions", 1e9, where)
                                                               : whole_number(row, "iterations", 1e9, where);
  family.repetitions = std::max(family.repetitions, static_cast<std::size_t>(repetitions));
  if (aggregate == "median" || (aggregate == "mean" && family.counters.empty())) {
    family.counters.clear();
    for (const auto& [key, value] : row.items())
      if (!is_reserved_key(key) && value.is_number()) family.counters[key] = value.get<double>();
  }
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& n : names) {
    if (!text.empty()) text += ", ";
    text += n;
  }
  return text;
}

// A family that reported aggregates only: judged from its mean, standard
// deviation and repetition count (docs/design.md, "Judging from
// summaries"); without those it is named as skipped, never dropped.
BenchmarkResult from_aggregates(const std::string& name, const AggregateRows& family) {
  BenchmarkResult b;
  b.name = name;
  const auto mean = family.seconds.find("mean");
  const auto stddev = family.seconds.find("stddev");
  if (mean == family.seconds.end() || stddev == family.seconds.end() || family.repetitions < 2) {
    b.skipped = "only aggregate rows (" + joined(family.names) +
                ") and no mean, standard deviation and repetition count to judge from; run without "
                "--benchmark_report_aggregates_only (or ReportAggregatesOnly) to keep every repetition";
    return b;
  }
  SampleStatistics summary;
  summary.count = family.repetitions;
  summary.mean = mean->second;
  summary.stdev = stddev->second;
  if (const auto median = family.seconds.find("median"); median != family.seconds.end()) summary.median = median->second;
  b.summary = summary;
  for (const auto& [counter, value] : family.counters) b.counters[counter] = value;
  return b;
}

bool is_aggregate_row(const Json& row) {
  return row.is_object() && row.value("run_type", std::string("iteration")) == "aggregate";
}

void describe_context(const Json& context, const std::string& origin, Results& results) {
  results.fingerprint.kind = DeviceKind::unknown;
  results.fingerprint.slug = "unknown";
  if (!context.is_object()) return;
  results.created_utc = normalize_utc_date(context.value("date", std::string())).value_or("");
  results.fingerprint.name = context.value("host_name", std::string("unknown host"));
  results.fingerprint.logical_cpus = static_cast<int>(whole_number(context, "num_cpus", 1 << 20, origin + ": context"));
  results.source.command = context.value("executable", std::string());
}

Results import_rows(const Json& doc, const std::string& origin) {
  const Json& rows = doc.at("benchmarks");
  if (!rows.is_array()) throw InputError(origin + ": 'benchmarks' is not an array");
  std::map<std::string, Accumulated> by_name;
  std::map<std::string, AggregateRows> aggregates;
  std::vector<std::string> order;
  std::set<std::string> row_names;  // names of the rows that are not aggregates by run_type
  for (const Json& row : rows)
    if (row.is_object() && !is_aggregate_row(row) && row.contains("name") && row["name"].is_string())
      row_names.insert(row["name"].get<std::string>());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (is_aggregate_row(rows[i])) add_aggregate_row(rows[i], rows[i].value("aggregate_name", std::string()), i, origin, aggregates, order);
    else if (const std::string aggregate = aggregate_by_name(rows[i], row_names); !aggregate.empty())
      add_aggregate_row(rows[i], aggregate, i, origin, aggregates, order);
    else add_row(rows[i], i, origin, by_name, order);
  }
  Results results;
  describe_context(doc.at("context"), origin, results);
  // The program that ran, not the file: bench-<sha>.json files make one suite.
  results.suite = imported_suite_name(results.source.command, origin);
  std::set<std::string> placed;
  for (const std::string& name : order) {
    if (!placed.insert(name).second) continue;
    if (const auto it = by_name.find(name); it != by_name.end()) {
      Accumulated& a = it->second;
      for (auto& [counter, values] : a.counter_samples) a.result.counters[counter] = stats::median(values);
      results.benchmarks.push_back(std::move(a.result));
    } else {
      results.benchmarks.push_back(from_aggregates(name, aggregates.at(name)));
    }
  }
  const bool any_time = std::any_of(results.benchmarks.begin(), results.benchmarks.end(),
                                    [](const BenchmarkResult& b) { return !b.samples.empty() || b.summary || b.error; });
  if (!any_time && !results.benchmarks.empty() && by_name.empty())
    throw InputError(origin + ": Google Benchmark JSON holds only aggregate rows without a mean and standard "
                              "deviation; run with --benchmark_repetitions=N and without "
                              "--benchmark_report_aggregates_only");
  return results;
}

}  // namespace

bool is_gbench_json(const Json& doc) {
  return doc.is_object() && doc.contains("benchmarks") && doc.contains("context") && !doc.contains("schema");
}

Results import_gbench(const Json& doc, const std::string& origin) {
  try {
    return import_rows(doc, origin);
  } catch (const Json::exception& e) {  // a field of the wrong JSON type
    throw InputError(origin + ": not valid Google Benchmark JSON: " + e.what());
  }
}

}  // namespace perfgate
