#pragma once
// A line on stderr as each case finishes, printed by the gate's process
// from its worker's journal: "[3/17] host/sort/4096  12.3 µs  (1.20 s)".
// A CI log then shows the suite moving instead of staying silent until its
// table.  With random interleaving (the default) a case finishes with its
// last repetition, so most lines come in the second half of the run.

#include <sys/types.h>

#include <condition_variable>
#include <cstddef>
#include <filesystem>
#include <mutex>
#include <ostream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "perfgate/model/results.hpp"

namespace perfgate {

// "[k/N] name  median  (time in its timed iterations)"; a case that did not
// run says why: "[k/N] name  SKIPPED: reason", "[k/N] name  ERROR: reason".
// N of 0 (not known) prints "[k/?]".
std::string progress_line(std::size_t k, std::size_t planned, const BenchmarkResult& result);

// The lines of one run of cases: each case once, numbered as it finishes.
class CaseProgress {
 public:
  CaseProgress(std::size_t planned, std::ostream& out) : planned_(planned), out_(out) {}

  // A line for each case of `finished` that has none yet.
  void update(const std::vector<BenchmarkResult>& finished);

 private:
  std::size_t planned_;
  std::ostream& out_;
  std::set<std::string> printed_;
};

// Reads a worker's journal whenever it changes (polled, the worker replaces
// it by rename after every case), in a thread of its own, from construction
// until destruction; the destructor reads it once more, so that no case
// that finished goes without its line.
class JournalWatch {
 public:
  JournalWatch(std::filesystem::path journal, CaseProgress& progress);
  ~JournalWatch();
  JournalWatch(const JournalWatch&) = delete;
  JournalWatch& operator=(const JournalWatch&) = delete;

 private:
  void watch();
  void read_if_changed(bool always = false);

  std::filesystem::path journal_;
  CaseProgress& progress_;
  ino_t seen_inode_ = 0;
  off_t seen_size_ = -1;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace perfgate
