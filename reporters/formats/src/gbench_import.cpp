#include "gbench_import.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

#include <simdjson.h>

#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/shell_command.hpp"
#include "perfgate/model/suite_name.hpp"
#include "perfgate/platform/utc_date.hpp"
#include "perfgate/stats/summary.hpp"
#include "json_document_scanner.hpp"
#include "json_reader.hpp"

namespace perfgate::detail {
namespace {

using Element = simdjson::dom::element;
using Row = simdjson::dom::object;

// Where a complaint points: "ORIGIN: benchmarks[i]", with the case's name
// once known, or "ORIGIN: context".  Built only when a complaint is made: a
// file has millions of rows and nearly all of them are fine.
struct Where {
  const std::string& origin;
  std::string_view part;
  std::size_t index = std::string::npos;
  const std::string* name = nullptr;

  std::string text() const {
    std::string result = origin + ": " + std::string(part);
    if (index != std::string::npos) result += "[" + std::to_string(index) + "]";
    if (name != nullptr) result += " (" + quote_text(*name) + ")";
    return result;
  }
};
std::string operator+(const Where& where, const char* more) { return where.text() + more; }

double seconds_per_unit(std::string_view unit, const Where& where) {
  if (unit.empty() || unit == "ns") return 1e-9;
  if (unit == "us") return 1e-6;
  if (unit == "ms") return 1e-3;
  if (unit == "s") return 1.0;
  throw InputError(where + ": unknown time_unit " + quote_text(std::string(unit)));
}

// Keys Google Benchmark writes itself; any other number is a user counter.
// In this order: Key indexes it.
constexpr std::array<std::string_view, 23> kReservedKeys = {
    "aggregate_name", "aggregate_unit", "big_o",     "cpu_coefficient", "cpu_time",  "error_message",
    "error_occurred", "family_index",   "iterations", "label",          "name",      "per_family_instance_index",
    "real_coefficient", "real_time",    "repetition_index", "repetitions", "rms",    "run_name",
    "run_type",       "skip_message",   "skipped",    "threads",         "time_unit"};
enum Key : int {
  aggregate_name, aggregate_unit, big_o, cpu_coefficient, cpu_time, error_message, error_occurred, family_index,
  iterations, label, name, per_family_instance_index, real_coefficient, real_time, repetition_index, repetitions,
  rms, run_name, run_type, skip_message, skipped, threads, time_unit, kKeys
};

// The Key of a field's name, or -1: by its length first, so that a field
// costs a compare or two (a row has about 14, and a file millions of rows).
int reserved_index(std::string_view key) {
  const auto is = [&](Key k) { return key == kReservedKeys[k] ? static_cast<int>(k) : -1; };
  const auto either = [&](Key a, Key b) { return std::max(is(a), is(b)); };
  switch (key.size()) {
    case 3: return is(rms);
    case 4: return is(name);
    case 5: return either(big_o, label);
    case 7: return either(skipped, threads);
    case 8: return std::max(is(cpu_time), either(run_name, run_type));
    case 9: return either(real_time, time_unit);
    case 10: return is(iterations);
    case 11: return is(repetitions);
    case 12: return either(family_index, skip_message);
    case 13: return is(error_message);
    case 14: return std::max(is(error_occurred), either(aggregate_name, aggregate_unit));
    case 15: return is(cpu_coefficient);
    case 16: return either(real_coefficient, repetition_index);
    case 25: return is(per_family_instance_index);
    default: return -1;
  }
}

// A row's fields read in one pass: Google Benchmark's own by Key (a later
// duplicate wins, as in a whole-document parse), the rest kept as counters
// where they are numbers.  JSON null is absent.
class Fields {
 public:
  explicit Fields(Row row) {
    for (const auto field : row) {
      const int index = reserved_index(field.key);
      if (index < 0) {
        double value = 0.0;
        if (field.value.get(value) == simdjson::SUCCESS) counters_.emplace_back(field.key, value);
      } else {
        at_[static_cast<std::size_t>(index)] = field.value.is_null() ? std::nullopt : std::optional<Element>(field.value);
      }
    }
  }
  const std::optional<Element>& operator[](Key key) const { return at_[static_cast<std::size_t>(key)]; }
  const std::vector<std::pair<std::string_view, double>>& counters() const { return counters_; }

 private:
  std::array<std::optional<Element>, kKeys> at_{};
  std::vector<std::pair<std::string_view, double>> counters_;
};

// A text field: `fallback` when absent; an InputError when it is not a string.
std::string_view text(const std::optional<Element>& value, std::string_view key, std::string_view fallback,
                      const Where& where) {
  if (!value) return fallback;
  std::string_view result;
  if (value->get(result) != simdjson::SUCCESS) throw InputError(where + ": '" + std::string(key) + "' is not a string");
  return result;
}

std::string_view text(const Fields& row, Key key, std::string_view fallback, const Where& where) {
  return text(row[key], kReservedKeys[key], fallback, where);
}

bool flag(const Fields& row, Key key, const Where& where) {
  const std::optional<Element>& value = row[key];
  if (!value) return false;
  bool result = false;
  if (value->get(result) != simdjson::SUCCESS)
    throw InputError(where + ": '" + std::string(kReservedKeys[key]) + "' is not true or false");
  return result;
}

std::optional<double> number(const Fields& row, Key key) {
  const std::optional<Element>& value = row[key];
  double result = 0.0;
  if (!value || value->get(result) != simdjson::SUCCESS) return std::nullopt;
  return result;
}

// A count field (0 when absent): a whole number in [0, max].  Converting a
// float such as 2e57 to an integer is undefined behaviour (found by
// fuzzing, in "iterations" and in the context's "num_cpus"), and 1.5 would
// be silently truncated.
std::int64_t whole_number(std::optional<double> value, bool present, std::string_view key, double max,
                          const Where& where) {
  if (!present) return 0;
  const double v = value.value_or(-1.0);
  if (std::isfinite(v) && v >= 0 && v <= max && v == std::floor(v)) return static_cast<std::int64_t>(v);
  throw InputError(where + ": " + std::string(key) + " is not a whole number from 0 to " +
                   std::to_string(static_cast<long long>(max)));
}

std::int64_t whole_number(const Fields& row, Key key, double max, const Where& where) {
  return whole_number(number(row, key), row[key].has_value(), kReservedKeys[key], max, where);
}

struct Accumulated {
  BenchmarkResult result;
  std::map<std::string, std::vector<double>> counter_samples;
  std::string written_name;  // as the file names it, before canonical_benchmark_name
};

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
bool is_complexity_fit(std::string_view aggregate_name) { return aggregate_name == "BigO" || aggregate_name == "RMS"; }

// Every row of the document, in order, into benchmarks.
class RowReader {
 public:
  explicit RowReader(const std::string& origin) : origin_(origin) {}

  void add(Row object, std::size_t index) {
    const Where where{origin_, "benchmarks", index};
    const Fields row(object);
    if (text(row, run_type, "iteration", where) == "aggregate")
      add_aggregate(row, std::string(text(row, aggregate_name, "", where)), where);
    else if (const std::string aggregate = aggregate_by_name(row, where); !aggregate.empty())
      add_aggregate(row, aggregate, where);
    else
      add_repetition(row, where);
  }

  Results finish(Results results) {
    std::set<std::string> placed;
    for (const std::string& name : order_) {
      if (!placed.insert(name).second) continue;
      if (const auto it = by_name_.find(name); it != by_name_.end()) {
        Accumulated& a = it->second;
        for (auto& [counter, values] : a.counter_samples) a.result.counters[counter] = stats::median(values);
        results.benchmarks.push_back(std::move(a.result));
      } else {
        results.benchmarks.push_back(from_aggregates(name, aggregates_.at(name)));
      }
    }
    const bool any_time = std::any_of(results.benchmarks.begin(), results.benchmarks.end(),
                                      [](const BenchmarkResult& b) { return !b.samples.empty() || b.summary || b.error; });
    if (!any_time && !results.benchmarks.empty() && by_name_.empty())
      throw InputError(origin_ + ": Google Benchmark JSON holds only aggregate rows without a mean and standard "
                                 "deviation; run with --benchmark_repetitions=N and without "
                                 "--benchmark_report_aggregates_only");
    return results;
  }

 private:
  // The benchmark a repetition row adds to: the previous row's when it has
  // the same name (Google Benchmark writes a case's repetitions together).
  Accumulated& slot_of(std::string_view written, const Where& where) {
    if (last_ != nullptr && last_->written_name == written) return *last_;
    const std::string full_name(written);
    const std::string name = canonical_benchmark_name(full_name);
    if (auto problem = benchmark_name_problem(name))
      throw InputError(where + " has an unusable name " + quote_text(full_name) + ": " + *problem);
    auto [slot, inserted] = by_name_.try_emplace(name);
    if (inserted) {
      order_.push_back(name);
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
    last_ = &slot->second;
    return slot->second;
  }

  void add_repetition(const Fields& row, const Where& where) {
    if (!row[run_type]) row_names_.insert(std::string(text(row, name, "", where)));  // for files before run_type
    Accumulated& slot = slot_of(text(row, run_name, text(row, name, "", where), where), where);
    BenchmarkResult& b = slot.result;
    Where named = where;
    named.name = &b.name;
    // Google Benchmark >= 1.8: SkipWithMessage writes "skipped" and
    // "skip_message", with a zero time that is no sample.
    if (flag(row, skipped, where)) {
      const std::string message(text(row, skip_message, "", where));
      b.skipped = message.empty() ? "skipped (no message)" : message;
      return;
    }
    if (flag(row, error_occurred, where)) {
      const std::string message(text(row, error_message, "failed", where));
      if (message.rfind(kSkipPrefix, 0) == 0) b.skipped = message.substr(kSkipPrefix.size());
      else b.error = message;
      return;
    }
    const std::optional<double> real_time_s = number(row, real_time);
    if (!real_time_s) throw InputError(named + ": real_time is missing or not a number");
    const double seconds = *real_time_s * seconds_per_unit(text(row, time_unit, "", where), where);
    if (!std::isfinite(seconds) || seconds < 0) throw InputError(named + ": real_time is negative or not finite");
    if (b.samples.size() >= kMaxSamplesPerBenchmark)
      throw InputError(named + ": more than " + std::to_string(kMaxSamplesPerBenchmark) +
                       " repetitions; at most that many samples per benchmark are read");
    b.samples.push_back(seconds);
    b.iterations = whole_number(row, iterations, 9.0e18, named);
    for (const auto& [counter, value] : row.counters()) slot.counter_samples[std::string(counter)].push_back(value);
  }

  // The family an aggregate row belongs to: run_name, or the name without
  // its "_<aggregate_name>" suffix in files older than run_name.
  static std::string aggregate_family(const Fields& row, const std::string& aggregate, const Where& where) {
    if (row[run_name]) return std::string(text(row, run_name, "", where));
    std::string family(text(row, name, "", where));
    const std::string suffix = "_" + aggregate;
    if (suffix.size() > 1 && family.size() > suffix.size() && family.ends_with(suffix)) family.resize(family.size() - suffix.size());
    return family;
  }

  // Files from before run_type (Google Benchmark < 1.5) mark aggregates only
  // by name: "BM_a_mean" after the repetitions of "BM_a".  A row without
  // run_type is such an aggregate when its name is an earlier row's name plus
  // _mean, _median, _stddev or _cv; its aggregate name is then that suffix.
  std::string aggregate_by_name(const Fields& row, const Where& where) const {
    if (row[run_type] || row[aggregate_name]) return "";
    const std::string row_name(text(row, name, "", where));
    for (const char* aggregate : {"mean", "median", "stddev", "cv"}) {
      const std::string suffix = std::string("_") + aggregate;
      if (row_name.size() > suffix.size() && row_name.ends_with(suffix) &&
          row_names_.count(row_name.substr(0, row_name.size() - suffix.size())))
        return aggregate;
    }
    return "";
  }

  void add_aggregate(const Fields& row, const std::string& aggregate, const Where& where) {
    if (is_complexity_fit(aggregate)) return;
    const std::string family_name = aggregate_family(row, aggregate, where);
    const std::string name = canonical_benchmark_name(family_name);
    if (auto problem = benchmark_name_problem(name))
      throw InputError(where + " has an unusable name " + quote_text(family_name) + ": " + *problem);
    auto [slot, inserted] = aggregates_.try_emplace(name);
    if (inserted) order_.push_back(name);
    AggregateRows& family = slot->second;
    family.names.push_back(aggregate.empty() ? "unnamed" : aggregate);
    const bool is_time = text(row, aggregate_unit, "time", where) == "time";
    const std::optional<double> real_time_s = number(row, real_time);
    if (!is_time || aggregate.empty() || !real_time_s) return;
    const double seconds = *real_time_s * seconds_per_unit(text(row, time_unit, "", where), where);
    if (!std::isfinite(seconds) || seconds < 0)
      throw InputError(Where{origin_, "benchmarks", where.index, &name} + ": real_time is negative or not finite");
    family.seconds[aggregate] = seconds;
    // On an aggregate row "iterations" is the number of repetitions.
    const std::int64_t count =
        row[repetitions] ? whole_number(row, repetitions, 1e9, where) : whole_number(row, iterations, 1e9, where);
    family.repetitions = std::max(family.repetitions, static_cast<std::size_t>(count));
    if (aggregate == "median" || (aggregate == "mean" && family.counters.empty())) {
      family.counters.clear();
      for (const auto& [counter, value] : row.counters()) family.counters[std::string(counter)] = value;
    }
  }

  static std::string joined(const std::vector<std::string>& names) {
    std::string result;
    for (const std::string& n : names) result += (result.empty() ? "" : ", ") + n;
    return result;
  }

  // A family that reported aggregates only: judged from its mean, standard
  // deviation and repetition count (docs/design.md, "Judging from
  // summaries"); without those it is named as skipped, never dropped.
  static BenchmarkResult from_aggregates(const std::string& name, const AggregateRows& family) {
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

  const std::string& origin_;
  std::unordered_map<std::string, Accumulated> by_name_;
  std::unordered_map<std::string, AggregateRows> aggregates_;
  std::vector<std::string> order_;
  std::set<std::string> row_names_;  // names of the rows read so far that are not aggregates by run_type
  Accumulated* last_ = nullptr;
};

// The context's few fields, looked up by name (one object a file).
std::optional<Element> context_field(Row row, std::string_view key) {
  Element value;
  if (row.at_key(key).get(value) != simdjson::SUCCESS || value.is_null()) return std::nullopt;
  return value;
}

std::string context_text(Row row, std::string_view key, std::string_view fallback, const Where& where) {
  return std::string(text(context_field(row, key), key, fallback, where));
}

void describe_context(Element context, const std::string& origin, Results& results) {
  results.fingerprint.kind = DeviceKind::unknown;
  results.fingerprint.slug = "unknown";
  Row row;
  if (context.get(row) != simdjson::SUCCESS) return;
  const Where where{origin, "context"};
  results.created_utc = normalize_utc_date(context_text(row, "date", "", where)).value_or("");
  results.fingerprint.name = context_text(row, "host_name", "unknown host", where);
  const std::optional<Element> cpus = context_field(row, "num_cpus");
  double count = -1.0;
  if (cpus && cpus->get(count) != simdjson::SUCCESS) count = -1.0;
  results.fingerprint.logical_cpus = static_cast<int>(whole_number(count, cpus.has_value(), "num_cpus", 1 << 20, where));
  // Quoted: reports print the recorded command to be pasted (issue 41).
  results.source.command = shell_word(context_text(row, "executable", "", where));
}

}  // namespace

std::optional<Results> import_gbench(JsonDocumentScanner& scanner, JsonPartParser& parse) {
  const std::string& origin = scanner.origin();
  Results results;
  describe_context(parse(scanner.value(), scanner.part_position(), "context"), origin, results);
  RowReader rows(origin);
  bool has_rows = false;
  while (const std::optional<std::string> key = scanner.next_key()) {
    if (*key == "schema") return std::nullopt;  // a perfgate results file with a "context"
    if (*key != "benchmarks") {
      (void)parse(scanner.value(), scanner.part_position(), *key);  // valid JSON, though unread
      continue;
    }
    has_rows = true;
    if (scanner.value_kind() != '[') throw InputError(origin + ": 'benchmarks' is not an array");
    scanner.enter_array();
    std::size_t index = 0;
    while (const std::optional<std::string_view> element = scanner.next_element()) {
      Row row;
      if (parse(*element, scanner.part_position(), "benchmarks", index).get(row) != simdjson::SUCCESS)
        throw InputError(Where{origin, "benchmarks", index} + " is not a JSON object");
      rows.add(row, index++);
    }
  }
  if (!has_rows) return std::nullopt;  // not Google Benchmark JSON after all
  // The program that ran, not the file: bench-<sha>.json files make one suite.
  const std::vector<std::string> program = shell_words(results.source.command);
  results.suite = imported_suite_name(program.empty() ? std::string() : program.front(), origin);
  return rows.finish(std::move(results));
}

}  // namespace perfgate::detail
