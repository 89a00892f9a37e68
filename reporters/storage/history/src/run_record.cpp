#include "perfgate/history/run_record.hpp"

#include <cinttypes>
#include <cstdio>
#include <ctime>

#include "perfgate/model/counter_names.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/stats/median_interval.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate::history {
namespace {

// What the dashboard shows beside a run's median.
constexpr double kIntervalConfidence = 0.95;

MeasurementRecord measurement_of(const BenchmarkResult& b) {
  MeasurementRecord m;
  m.benchmark = b.name;
  m.instructions = counter_number(b, counter::kInstructions);
  m.instructions_spread_pct = counter_number(b, counter::kInstructionsSpreadPct);
  m.kernel_instructions = counter_number(b, counter::kKernelInstructions);
  m.kernel_instructions_spread_pct = counter_number(b, counter::kKernelInstructionsSpreadPct);
  if (!b.samples.empty()) {
    m.median_s = stats::median(b.samples);
    m.sample_count = static_cast<std::int64_t>(b.samples.size());
    m.robust_cv = stats::robust_cv(b.samples);
    if (const stats::MedianInterval i = stats::median_interval(b.samples, kIntervalConfidence); i.available) {
      m.low_s = i.low;
      m.high_s = i.high;
    }
    m.samples = b.samples;
  } else {
    // A summary only: its median when the producer wrote one, else its mean.
    m.median_s = b.summary->median.value_or(b.summary->mean);
    m.sample_count = static_cast<std::int64_t>(b.summary->count);
  }
  return m;
}

bool has_time(const BenchmarkResult& b) { return !b.samples.empty() || (b.summary && b.summary->count > 0); }

}  // namespace

void ContentHash::add(std::string_view bytes) {
  std::uint64_t hash = hash_;
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  hash_ = hash;
}

void ContentHash::end_part() { add(std::string_view("\0", 1)); }

std::string ContentHash::id() const {
  char text[17];
  std::snprintf(text, sizeof text, "%016" PRIx64, hash_);
  return text;
}

std::string content_id(const std::vector<std::string>& parts) {
  ContentHash hash;
  for (const std::string& part : parts) {
    hash.add(part);
    hash.end_part();
  }
  return hash.id();
}

std::optional<std::int64_t> epoch_seconds(const std::string& utc) {
  std::tm tm{};
  int used = 0;
  if (std::sscanf(utc.c_str(), "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
                  &tm.tm_min, &tm.tm_sec, &used) != 6 ||
      used != static_cast<int>(utc.size()))
    return std::nullopt;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  const std::tm given = tm;
  const std::time_t seconds = timegm(&tm);
  // timegm normalizes (month 13 becomes January): a date it had to move was no date.
  if (tm.tm_year != given.tm_year || tm.tm_mon != given.tm_mon || tm.tm_mday != given.tm_mday ||
      tm.tm_hour != given.tm_hour || tm.tm_min != given.tm_min || tm.tm_sec != given.tm_sec)
    return std::nullopt;
  return static_cast<std::int64_t>(seconds);
}

std::string utc_text(std::int64_t seconds) {
  const std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

RunRecord make_run_record(const Results& results, const std::string& content, const std::string& origin,
                          const IngestOptions& options, std::int64_t now) {
  ContentHash hash;
  hash.add(content);
  hash.end_part();
  return make_run_record(results, hash, origin, options, now);
}

RunRecord make_run_record(const Results& results, const ContentHash& content, const std::string& origin,
                          const IngestOptions& options, std::int64_t now) {
  RunRecord run;
  run.suite = options.suite.empty() ? results.suite : options.suite;
  run.testbed = testbed_of(results.fingerprint, options.testbed, origin);
  run.commit = options.commit.empty() ? results.source.git_commit : options.commit;
  if (run.commit.empty())
    throw InputError(origin + ": no commit recorded (Google Benchmark and NVBench files carry none): " +
                     options.missing_commit_advice);
  run.ordinal = options.ordinal;
  run.created_utc = results.created_utc;
  run.run_time = epoch_seconds(results.created_utc).value_or(now);
  run.kind = options.kind;
  run.source = origin;
  // A suite named by the caller makes another run of the same bytes (the
  // ids of runs ingested without one stay as they always were).
  ContentHash id = content;
  for (const std::string* part : {&run.commit, &run.testbed.name, &run.kind}) {
    id.add(*part);
    id.end_part();
  }
  if (!options.suite.empty()) {
    id.add(run.suite);
    id.end_part();
  }
  run.run_id = id.id();
  for (const BenchmarkResult& b : results.benchmarks)
    if (b.measured() && has_time(b)) run.measurements.push_back(measurement_of(b));
  if (run.measurements.empty()) throw InputError(origin + ": no benchmark was measured: nothing to keep");
  return run;
}

}  // namespace perfgate::history
