// libFuzzer target: the NVBench JSON importer (perfgate::import_nvbench) on
// any JSON document the bytes parse to (issue 25).
//
// Bytes that are not JSON are nlohmann's concern: skipped.  For a document,
// an InputError is the expected rejection, and it is one line that names
// the file; anything else (another exception, a crash, a sanitizer report,
// a hang) is a bug.  Imported results hold only finite, non-negative times
// (samples and summaries), a suite name that can name a file, and survive
// the results file round trip (results_to_json -> parse_results).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "perfgate/model/errors.hpp"
#include "perfgate/model/nvbench_import.hpp"
#include "perfgate/model/plausible_times.hpp"
#include "perfgate/model/results_io.hpp"
#include "perfgate/model/suite_name.hpp"

namespace {

constexpr const char* kOrigin = "fuzz.nvbench.json";

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_nvbench_import: invariant broken: %s\n", what);
  std::abort();
}

bool good_time(double seconds) { return std::isfinite(seconds) && seconds >= 0.0; }

void check(const perfgate::Results& results) {
  if (perfgate::suite_name_problem(results.suite)) fail("accepted a suite name that cannot name a file");
  for (const auto& b : results.benchmarks) {
    for (double s : b.samples)
      if (!good_time(s)) fail("a sample is negative or not finite");
    if (b.summary && (!good_time(b.summary->mean) || !good_time(b.summary->stdev) || b.summary->count == 0))
      fail("a summary holds a time that is negative or not finite, or counts nothing");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const nlohmann::json doc = nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !perfgate::is_nvbench_json(doc)) return 0;
  perfgate::Results results;
  try {
    results = perfgate::import_nvbench(doc, kOrigin);
    perfgate::require_plausible_times(results, kOrigin);  // as load_results does after any importer
  } catch (const perfgate::InputError& e) {
    const std::string message = e.what();
    if (message.find('\n') != std::string::npos) fail("an error message is more than one line");
    if (message.rfind(kOrigin, 0) != 0) fail("an error message does not start with the file's name");
    return 0;
  }
  check(results);
  const std::string written = perfgate::results_to_json(results);
  try {
    const perfgate::Results again = perfgate::parse_results(written, "fuzz.roundtrip.json");
    if (again.benchmarks.size() != results.benchmarks.size()) fail("round trip changed the benchmark count");
    if (perfgate::results_to_json(again) != written) fail("round trip is not a fixed point");
  } catch (const perfgate::InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    fail("imported results, once written, are rejected");
  }
  return 0;
}
