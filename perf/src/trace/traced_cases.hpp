#pragma once
// Hands each case's traced pass from the case (inside measure()) to its
// result: the per-kernel summary, the copies, and a Chrome trace file.

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "perfgate/model/results.hpp"
#include "trace/activity_records.hpp"

namespace perfgate::trace {

struct TracedCase {
  ActivityRecords records;
  std::int64_t iterations = 0;                      // calls of the case's work in the pass
  std::map<std::uint32_t, std::string> device_names;  // CUDA device index -> name
};

// Kept under the case's registered name ("" for a case registered without
// perfgate::register_case).  A case is traced once per process.
void keep_traced_case(const std::string& case_name, TracedCase traced);
bool was_traced(const std::string& case_name);

// The result an untimed pass kept under `case_name` belongs to: the case of
// that name, else (a name registered with arguments appended, ->Arg(64),
// names no result; an unnamed pass) the case that reported last, since the
// pass runs cases one after the other.  "" when there is none.
std::string pass_owner(const std::string& case_name, const std::vector<BenchmarkResult>& results);

// In the tracing process: adds every kept traced pass to its case's result
// (kernels, copies, trace info), writing the case's trace into `dir` the
// first time.  Results are re-attached on every call (the worker's journal
// is rewritten after each case).  An unnamed pass belongs to the case that
// reported last (the traced pass runs cases one after the other).
class TraceAttacher {
 public:
  explicit TraceAttacher(std::filesystem::path dir) : dir_(std::move(dir)) {}
  void attach(std::vector<BenchmarkResult>& results);

 private:
  // The case's result with only what the pass found (copy_traced_pass).
  BenchmarkResult write(const std::string& case_name, const TracedCase& traced) const;

  std::filesystem::path dir_;
  std::map<std::string, BenchmarkResult> attached_;
};

}  // namespace perfgate::trace
