#pragma once
// One results file as the history stores it: the run, its testbed and each
// measured benchmark's median, interval and samples.  Built (and checked)
// before anything is written.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "perfgate/history/ingest.hpp"
#include "perfgate/history/testbed.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate::history {

struct MeasurementRecord {
  std::string benchmark;
  double median_s = 0.0;
  std::optional<double> low_s;   // 95% distribution-free interval of the median
  std::optional<double> high_s;
  std::int64_t sample_count = 0;
  std::optional<double> robust_cv;
  std::vector<double> samples;   // empty when the file kept only a summary
  // The counted pass's, when the run had one (counter_names.hpp).
  std::optional<double> instructions;
  std::optional<double> instructions_spread_pct;
  std::optional<double> kernel_instructions;  // a GPU case's, through CUPTI
  std::optional<double> kernel_instructions_spread_pct;
};

struct RunRecord {
  std::string run_id;       // 16 hex digits: FNV-1a of content, commit, testbed, kind
  std::string suite;
  Testbed testbed;
  std::string commit;
  std::optional<std::int64_t> ordinal;
  std::int64_t run_time = 0;  // seconds since 1970 (UTC): the run's date, else the ingest time
  std::string created_utc;
  std::string kind;
  std::string source;         // the file it came from
  std::vector<MeasurementRecord> measurements;
};

// 64-bit FNV-1a over parts, each ended by a NUL, fed in pieces of any size
// (a file hashed block by block as it is read): the same bytes give the
// same id on every machine.
class ContentHash {
 public:
  void add(std::string_view bytes);
  void end_part();  // the NUL that ends a part
  std::string id() const;  // 16 lower-case hex digits

 private:
  std::uint64_t hash_ = 14695981039346656037ull;  // the offset basis: nothing hashed
};

// The record of `results`, read from `origin`, whose bytes `content` has
// hashed as one part (the run's id is that and the commit, testbed, kind
// and a given suite).  Throws InputError("ORIGIN: ...") when it has no
// commit and options give none, names no device and no --testbed is given,
// or measured nothing.
RunRecord make_run_record(const Results& results, const ContentHash& content, const std::string& origin,
                          const IngestOptions& options, std::int64_t now);
// The same, from the bytes themselves.
RunRecord make_run_record(const Results& results, const std::string& content, const std::string& origin,
                          const IngestOptions& options, std::int64_t now);

// ContentHash's id of the parts.
std::string content_id(const std::vector<std::string>& parts);

// Seconds since 1970 of "YYYY-MM-DDTHH:MM:SSZ"; nothing for anything else.
std::optional<std::int64_t> epoch_seconds(const std::string& utc);

// The inverse: "YYYY-MM-DDTHH:MM:SSZ" of seconds since 1970.
std::string utc_text(std::int64_t seconds);

}  // namespace perfgate::history
