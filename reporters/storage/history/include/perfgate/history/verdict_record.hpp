#pragma once
// A comparison file (perfgate's comparison JSON) as the history stores it:
// what the gate said of each benchmark at one commit.  Verdicts sit beside
// the series, for the dashboard; they never enter a trend.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "perfgate/history/ingest.hpp"

namespace perfgate::history {

struct VerdictRecord {
  std::string benchmark;
  std::string verdict;                 // "REGRESSION", "NO_CHANGE", ...
  std::optional<double> change_pct;
  std::optional<double> q_value;
};

struct ComparisonRecord {
  std::string comparison_id;  // content_id of content, commit, testbed, kind
  std::string suite;
  std::string testbed;        // --testbed, else the current run's device slug
  bool testbed_given = false; // --testbed: stored as given; else matched to the runs' testbed on ingest
  std::string commit;
  std::string baseline_commit;
  std::string created_utc;
  std::string kind;
  std::vector<VerdictRecord> verdicts;
};

// True for a document whose "schema" is "perfgate/comparison".
bool is_comparison_json(const nlohmann::json& doc);

// The file `content` read by the one reader of comparison files
// (compare/comparison_json_reader.hpp).  Throws InputError("ORIGIN: ...")
// for anything it refuses (a schema version this perfgate does not read, a
// malformed field, an odd benchmark name), or no commit (and none in options).
ComparisonRecord make_comparison_record(const std::string& content, const std::string& origin,
                                        const IngestOptions& options);

}  // namespace perfgate::history
