#pragma once
// The database a test of both engines runs on: an SQLite file in the test's
// folder, or the binary's private PostgreSQL server (postgres_cluster.hpp).

#include <filesystem>
#include <string>

namespace perfgate::testing {

struct TestDatabase {
  std::string url;          // empty when the engine cannot run here
  std::string skip_reason;  // why, for GTEST_SKIP()
};

// `engine` is "sqlite" (a file `name` in `folder`) or "postgresql" (the
// shared server, whose database outlives a test: the caller empties it).
// Empties the shared server's database of a history (every table perfgate's
// schema holds, whatever its version), so that a test starts from none.
inline constexpr const char* kDropHistoryTables =
    "DROP TABLE IF EXISTS samples, sample_sets, measurements, verdicts, series, triage_answers, bisections, runs, testbeds, perfgate_history "
    "CASCADE";

TestDatabase test_database(const std::string& engine, const std::filesystem::path& folder, const std::string& name);

}  // namespace perfgate::testing
