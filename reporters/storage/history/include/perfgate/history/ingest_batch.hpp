#pragma once
// Ingest in two steps: read and check every file, then store them.  Apart
// from ingest.hpp, whose options the records need.

#include <cstdint>
#include <filesystem>
#include <variant>
#include <vector>

#include "perfgate/history/ingest.hpp"
#include "perfgate/history/run_record.hpp"
#include "perfgate/history/verdict_record.hpp"

namespace perfgate::history {

// Every file read and checked (a bad one: InputError naming it), before any
// database is opened: `perfgate history ingest` reads first, so a bad file
// leaves even a history it would have created untouched.
struct IngestBatch {
  std::vector<std::variant<RunRecord, ComparisonRecord>> records;
  std::int64_t now = 0;  // the ingest time, seconds since the epoch
  bool force = false;
};
IngestBatch read_ingest_files(const std::vector<std::filesystem::path>& files, const IngestOptions& options);

// The batch in one transaction: a failure leaves the store as it was.
IngestSummary store_batch(sql::Connection& db, const IngestBatch& batch);

}  // namespace perfgate::history
