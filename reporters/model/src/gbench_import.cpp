#include "perfgate/model/gbench_import.hpp"

#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/model/errors.hpp"
#include "perfgate/stats/summary.hpp"

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
      "cpu_time", "time_unit", "error_occurred", "error_message", "label", "big_o", "rms"};
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
  }
  BenchmarkResult& b = slot->second.result;
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
  b.samples.push_back(seconds);
  b.iterations = whole_number(row, "iterations", 9.0e18, where + " (" + quote_text(name) + ")");
  for (const auto& [key, value] : row.items())
    if (!is_reserved_key(key) && value.is_number()) slot->second.counter_samples[key].push_back(value.get<double>());
}

Results import_rows(const Json& doc, const std::string& origin) {
  const Json& rows = doc.at("benchmarks");
  if (!rows.is_array()) throw InputError(origin + ": 'benchmarks' is not an array");
  std::map<std::string, Accumulated> by_name;
  std::vector<std::string> order;
  std::size_t aggregates = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows[i].is_object() && rows[i].value("run_type", std::string("iteration")) == "aggregate") {
      ++aggregates;
      continue;
    }
    add_row(rows[i], i, origin, by_name, order);
  }
  if (order.empty() && aggregates > 0)
    throw InputError(origin + ": Google Benchmark JSON holds only aggregate rows; run with "
                     "--benchmark_repetitions=N and without --benchmark_report_aggregates_only");
  Results results;
  results.suite = std::filesystem::path(origin).stem().string();
  const Json& context = doc.at("context");
  if (context.is_object()) {
    results.created_utc = context.value("date", std::string());
    results.fingerprint.name = context.value("host_name", std::string("unknown host"));
    results.fingerprint.logical_cpus = static_cast<int>(whole_number(context, "num_cpus", 1 << 20, origin + ": context"));
  }
  results.fingerprint.kind = DeviceKind::unknown;
  results.fingerprint.slug = "unknown";
  results.source.command = context.is_object() ? context.value("executable", std::string()) : "";
  for (const std::string& name : order) {
    Accumulated& a = by_name[name];
    for (auto& [counter, values] : a.counter_samples) a.result.counters[counter] = stats::median(values);
    results.benchmarks.push_back(std::move(a.result));
  }
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
