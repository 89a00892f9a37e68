// libFuzzer target: the Google Benchmark JSON importer (perfgate::import_gbench)
// on any JSON document the bytes parse to.
//
// Bytes that are not JSON are nlohmann's concern, not perfgate's: they are
// skipped.  For a document, an InputError is the expected rejection;
// anything else (another exception, a crash, a sanitizer report, a hang) is
// a bug.  Imported results must hold only finite, non-negative samples and
// survive the results file round trip (results_to_json -> parse_results).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "perfgate/model/errors.hpp"
#include "perfgate/model/gbench_import.hpp"
#include "perfgate/model/plausible_times.hpp"
#include "perfgate/model/results_io.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_gbench_import: invariant broken: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const nlohmann::json doc = nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !perfgate::is_gbench_json(doc)) return 0;
  perfgate::Results results;
  try {
    results = perfgate::import_gbench(doc, "fuzz.gbench.json");
    // What load_results does after any importer: a time beyond a day is no
    // measurement (plausible_times.hpp).
    perfgate::require_plausible_times(results, "fuzz.gbench.json");
  } catch (const perfgate::InputError&) {
    return 0;
  }
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
