#pragma once
// What the build knows about a suite binary.  perfgate_add_suite() generates
// the definition of perfgate::this_suite for each suite; a binary linked to
// perfgate::main without it gets a default (name from argv[0], host device).

#include <memory>
#include <string>

namespace perfgate {

class RunHistory;  // main/run_history.hpp
using RunHistoryOpener = std::unique_ptr<RunHistory> (*)(const std::string& url, const std::string& kind);

// The run history on SQLite or PostgreSQL (--perfgate_history): defined by
// perfgate::main_history, the installed package's History component, which
// perfgate_add_suite() links and names here when it is there.
std::unique_ptr<RunHistory> open_sql_run_history(const std::string& url, const std::string& kind);

struct SuiteInfo {
  const char* name;        // "" -> the executable's name without "perf_"
  bool gpu;                // its cases need a CUDA device
  const char* source_dir;  // where `git` finds the commit under test ("" -> none)
  int gpus = 1;            // GPUs its cases may use (perfgate_add_suite's GPUS N); at most
                           // that many of the visible ones make its device (the slug's "-x<N>")
  // How --perfgate_history opens its store: open_sql_run_history when the
  // suite links perfgate::main_history, else none (the flag is then refused
  // with the reason), so a suite built without the History component needs
  // neither libsqlite3 nor libpq.
  RunHistoryOpener open_history = nullptr;
  // perfgate_add_suite's BASELINE_DIR ("" -> none): a gate run given no
  // --perfgate_baseline(_dir) reads its baselines there, so the binary run
  // bare, as Google Benchmark binaries are, gates as ctest runs it.
  const char* baseline_dir = "";
};

extern const SuiteInfo this_suite;

}  // namespace perfgate
