// libFuzzer target: the results/baseline loader (perfgate::parse_results,
// the in-memory form of load_results) on arbitrary bytes.
//
// Rejection is an InputError, which is fine.  Anything else is a bug: another
// exception (libFuzzer reports it as a crash: uncaught exception -> abort), a
// crash, a sanitizer report, a hang.  What the loader accepts must also
// survive a round trip, and never repeat a key (repeated_key_oracle.hpp);
// it must also survive a round trip: results_to_json() of it loads again, with the same
// benchmarks and samples, and serialises to the same text.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/model/suite_name.hpp"
#include "repeated_key_oracle.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_results_loader: invariant broken: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  perfgate::Results results;
  try {
    results = perfgate::parse_results(text, "fuzz.results.json");
  } catch (const perfgate::InputError&) {
    return 0;  // rejected, with a message: the expected outcome for most inputs
  }
  // Issue 41: a repeated key is refused, never read by a per-key rule.
  if (perfgate::fuzzing::repeats_a_key(text)) fail("accepted a document that repeats a key");
  const std::string written = perfgate::results_to_json(results);
  perfgate::Results again;
  try {
    again = perfgate::parse_results(written, "fuzz.roundtrip.json");
  } catch (const perfgate::InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    fail("accepted results, once written, are rejected");
  }
  if (again.benchmarks.size() != results.benchmarks.size()) fail("round trip changed the benchmark count");
  for (std::size_t i = 0; i < results.benchmarks.size(); ++i) {
    if (again.benchmarks[i].name != results.benchmarks[i].name) fail("round trip changed a name");
    if (again.benchmarks[i].samples != results.benchmarks[i].samples) fail("round trip changed samples");
  }
  if (perfgate::results_to_json(again) != written) fail("round trip is not a fixed point");
  // A suite name names files: an accepted one can never leave its folder.
  if (perfgate::suite_name_problem(results.suite)) fail("accepted a suite name that cannot name a file");
  return 0;
}
