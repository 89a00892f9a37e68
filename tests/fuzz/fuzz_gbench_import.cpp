// libFuzzer target: the Google Benchmark JSON importer, which reads a
// document whose first member is "context" as it streams (the scanner,
// simdjson on each part, the row reader: issue 28), through parse_results.
//
// Every input that names a "context" is read, well-formed or not: the
// scanner meets broken structure, truncation and deep nesting there.  An
// InputError is the expected rejection; anything else (another exception, a
// crash, a sanitizer report, a hang) is a bug.  Imported results must hold
// only finite, non-negative samples and survive the results file round trip
// (results_to_json -> parse_results).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "perfgate/platform/errors.hpp"
#include "perfgate/model/plausible_times.hpp"
#include "perfgate/formats/results_io.hpp"
#include "repeated_key_oracle.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_gbench_import: invariant broken: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (std::string_view(text).find("\"context\"") == std::string_view::npos) return 0;
  perfgate::Results results;
  try {
    // load_results' reading of text: Google Benchmark JSON in a stream,
    // anything else whole; then the plausible-times check (plausible_times.hpp).
    results = perfgate::parse_results(text, "fuzz.gbench.json");
  } catch (const perfgate::InputError&) {
    return 0;
  }
  if (perfgate::fuzzing::repeats_a_key(text)) fail("accepted a document that repeats a key");  // issue 41
  for (const auto& b : results.benchmarks)
    for (double s : b.samples)
      if (!std::isfinite(s) || s < 0.0) fail("a sample is negative or not finite");
  const std::string written = perfgate::results_to_json(results);
  try {
    const perfgate::Results again = perfgate::parse_results(written, "fuzz.roundtrip.json");
    if (again.benchmarks.size() != results.benchmarks.size()) fail("round trip changed the benchmark count");
  } catch (const perfgate::InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    fail("imported results, once written, are rejected");
  }
  return 0;
}
