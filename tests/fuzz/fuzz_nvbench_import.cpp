// libFuzzer target: the NVBench JSON importer (perfgate::import_nvbench) on
// any JSON document the bytes parse to (issue 25).
//
// Bytes that are not JSON are nlohmann's concern: skipped.  For a document,
// an InputError is the expected rejection, and it is one line that names
// the file; anything else (another exception, a crash, a sanitizer report,
// a hang) is a bug.  Imported results hold only finite, non-negative times
// (samples and summaries), a suite name that can name a file, and survive
// the results file round trip (results_to_json -> parse_results).  Read as
// it streams, the same bytes give the same results or the same complaint.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/nvbench_import.hpp"
#include "perfgate/model/plausible_times.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/model/suite_name.hpp"
#include "repeated_key_oracle.hpp"

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

// The document read as it streams (parse_results: two passes over the
// text, one benchmark at a time) gives what the whole document gives: the
// same results, or the same complaint.
void check_streamed_alike(const std::string& text, const std::string& whole_outcome) {
  std::string streamed_outcome;
  try {
    streamed_outcome = perfgate::results_to_json(perfgate::parse_results(text, kOrigin));
  } catch (const perfgate::InputError& e) {
    streamed_outcome = e.what();
  }
  if (streamed_outcome != whole_outcome) {
    std::fprintf(stderr, "whole:    %s\nstreamed: %s\n", whole_outcome.c_str(), streamed_outcome.c_str());
    fail("the streamed read differs from the whole document's");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const nlohmann::json doc = nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !perfgate::is_nvbench_json(doc)) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  // nlohmann's parse above ended the bytes at their first NUL; JSON text
  // never holds one, and perfgate's readers must refuse it wherever it is.
  if (text.find('\0') != std::string::npos) {
    try {
      (void)perfgate::parse_results(text, kOrigin);
    } catch (const perfgate::InputError&) {
      return 0;
    }
    fail("accepted a document followed by a NUL byte");
  }
  // Issue 41: a repeated key is refused by the reader of files (the DOM
  // import below is handed a document already parsed, whose repeats
  // nlohmann has already resolved).
  if (perfgate::fuzzing::repeats_a_key(text)) {
    try {
      (void)perfgate::parse_results(text, kOrigin);
    } catch (const perfgate::InputError&) {
      return 0;
    }
    fail("accepted a document that repeats a key");
  }
  perfgate::Results results;
  try {
    results = perfgate::import_nvbench(doc, kOrigin);
    perfgate::require_plausible_times(results, kOrigin);  // as load_results does after any importer
  } catch (const perfgate::InputError& e) {
    const std::string message = e.what();
    if (message.find('\n') != std::string::npos) fail("an error message is more than one line");
    if (message.rfind(kOrigin, 0) != 0) fail("an error message does not start with the file's name");
    check_streamed_alike(text, message);
    return 0;
  }
  check(results);
  results.origin = kOrigin;
  check_streamed_alike(text, perfgate::results_to_json(results));
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
