// libFuzzer target: `perfgate history ingest` (perfgate::history::ingest_files)
// on arbitrary bytes as a results or comparison file, into a fresh SQLite
// store in memory (issue 25).
//
// A rejection is an InputError of one line that names the file, and leaves
// the store without a run.  An accepted file ingested twice is stored once:
// the second ingest adds no run and no comparison, and finds what the first
// added.  Anything else (another exception, a crash, a sanitizer report, a
// hang) is a bug.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <variant>

#include "perfgate/history/ingest.hpp"
#include "perfgate/history/open_history.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/sql/sql_connection.hpp"
#include "repeated_key_oracle.hpp"

namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_history_ingest: invariant broken: %s\n", what);
  std::abort();
}

// One file per process, rewritten for each input: ingest reads paths.
const fs::path& input_file() {
  static const fs::path file = fs::temp_directory_path() / ("fuzz_history_ingest." + std::to_string(::getpid()) + ".json");
  return file;
}

std::int64_t count(perfgate::sql::Connection& db, const char* table) {
  const auto rows = db.query(std::string("SELECT COUNT(*) FROM ") + table);
  return std::get<std::int64_t>(rows.at(0).at(0));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fs::path& file = input_file();
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  const auto db = perfgate::history::open_history(":memory:", perfgate::sql::Access::create);
  perfgate::history::IngestOptions options;
  options.commit = "0123456789abcdef";  // Google Benchmark and NVBench files carry none
  options.testbed = "fuzz-testbed";
  perfgate::history::IngestSummary first;
  try {
    first = perfgate::history::ingest_files(*db, {file}, options);
  } catch (const perfgate::InputError& e) {
    const std::string message = e.what();
    if (message.find('\n') != std::string::npos) fail("an error message is more than one line");
    if (message.find(file.string()) == std::string::npos) fail("an error message does not name the file");
    return 0;
  }
  if (first.runs_added + first.comparisons_added != 1) fail("an accepted file added no run and no comparison");
  if (perfgate::fuzzing::repeats_a_key(std::string(reinterpret_cast<const char*>(data), size)))
    fail("ingested a document that repeats a key");  // issue 41
  const perfgate::history::IngestSummary second = perfgate::history::ingest_files(*db, {file}, options);
  if (second.runs_added != 0 || second.comparisons_added != 0) fail("a file ingested twice was stored twice");
  if (second.runs_present != first.runs_added || second.comparisons_present != first.comparisons_added)
    fail("the second ingest did not find what the first stored");
  if (count(*db, "runs") != static_cast<std::int64_t>(first.runs_added)) fail("the runs table holds another count");
  return 0;
}
