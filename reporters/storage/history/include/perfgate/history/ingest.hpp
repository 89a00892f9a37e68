#pragma once
// `perfgate history ingest`: results files (perfgate results, Google
// Benchmark or NVBench JSON, as the results loader reads them) and
// comparison files into the history, all in one transaction.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/model/run_kind.hpp"
#include "perfgate/model/results.hpp"
#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::history {

// The advice where a run is recorded as it ends (a suite's --perfgate_history,
// `perfgate run --history`): no --commit there; the commit comes from these
// (source_info.hpp).
inline constexpr const char* kRecordingCommitAdvice =
    "run it in the project's git checkout, or set PERFGATE_GIT_COMMIT=SHA (GITHUB_SHA and CI_COMMIT_SHA are read too)";

// What a file may lack, or what the caller says of it.
struct IngestOptions {
  std::string commit;                   // --commit SHA: replaces the file's commit
  std::optional<std::int64_t> ordinal;  // --ordinal N: the commit's place in the main line
  std::string testbed;                  // --testbed NAME: replaces the derived testbed name
  std::string kind = "main";            // --kind main|pr|ab: only "main" runs form the trend
  std::string suite;                    // --suite NAME: replaces the file's suite (its program's name)
  bool force = false;                   // --force: a --testbed that holds another device's runs takes this one's too
  // What the caller's user can do when a file names no commit: `history
  // ingest` has --commit; a suite or `perfgate run` recording has none.
  std::string missing_commit_advice = "give --commit SHA";
};

struct IngestSummary {
  std::size_t runs_added = 0;
  std::size_t runs_present = 0;          // ingested before: stored once
  std::size_t comparisons_added = 0;
  std::size_t comparisons_present = 0;
  std::size_t measurements = 0;          // benchmark medians written
  std::size_t samples = 0;               // raw samples written
  std::size_t verdicts = 0;
  // Runs added that sort before runs the history had (series_table.hpp:
  // SeriesPlacement), and runs of a commit the history had measured.
  std::size_t late_runs = 0;
  std::size_t repeated_commits = 0;
  // A run that starts a new suite on a testbed where another suite already
  // holds series of most of its benchmarks: its runs would form series of
  // their own (a Google Benchmark file named per run used to): "FILE: ...".
  std::vector<std::string> warnings;
};


// read_ingest_files, then store_batch.  A run is identified by its file's content,
// commit, testbed and kind, so ingesting it again stores nothing.
IngestSummary ingest_files(sql::Connection& db, const std::vector<std::filesystem::path>& files,
                           const IngestOptions& options);

// One run measured here (a suite binary's --perfgate_history): stored as a
// results file whose content is its results JSON would be.
IngestSummary ingest_results(sql::Connection& db, const Results& results, const std::string& origin,
                             const IngestOptions& options);

}  // namespace perfgate::history
