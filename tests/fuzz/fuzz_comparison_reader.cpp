// libFuzzer target: comparison_from_json, which `perfgate report` runs on
// the comparison files a CI job collected (files anyone can edit or cut
// short), on arbitrary bytes.
//
// Invariants checked, beyond "no crash, no sanitizer report, no exception
// but InputError":
//   an InputError's message is one line that starts with the origin;
//   nothing that repeats a key in an object is accepted (issue 41);
//   what was read back writes out and reads back to the same JSON
//   (to_json(from_json(to_json(c))) == to_json(c)), so nothing the reader
//   accepts is lost or changed by a second trip.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "perfgate/platform/errors.hpp"
#include "perfgate/gate/comparison_json.hpp"
#include "perfgate/gate/comparison_json_reader.hpp"
#include "repeated_key_oracle.hpp"

namespace {

constexpr const char* kOrigin = "fuzz.comparison.json";

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_comparison_reader: invariant broken: %s\n--- detail ---\n%s\n--- end ---\n", what,
               detail.c_str());
  std::abort();
}

// The first line where two texts part, with its number: what a CI log's
// tail shows of a broken second trip (the whole files can be long).
std::string first_difference(const std::string& a, const std::string& b) {
  std::size_t line = 1, start = 0;
  for (std::size_t i = 0; i < a.size() && i < b.size() && a[i] == b[i]; ++i)
    if (a[i] == '\n') ++line, start = i + 1;
  const auto line_at = [start](const std::string& text) { return text.substr(start, text.find('\n', start) - start); };
  return "line " + std::to_string(line) + ":\n  first:  " + line_at(a) + "\n  second: " + line_at(b);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  int exit_code = 0;
  perfgate::Comparison comparison;
  try {
    comparison = perfgate::comparison_from_json(text, kOrigin, &exit_code);
  } catch (const perfgate::InputError& e) {
    const std::string message = e.what();
    if (message.rfind(kOrigin, 0) != 0) fail("an error that does not name the file", message);
    if (message.find('\n') != std::string::npos) fail("an error of more than one line", message);
    return 0;
  }
  if (perfgate::fuzzing::repeats_a_key(text)) fail("accepted a document that repeats a key", text);  // issue 41
  const std::string once = perfgate::comparison_to_json(comparison, exit_code);
  int again_code = 0;
  // Two statements: the reader sets again_code, which the writer then reads
  // (one call's arguments are evaluated in an unspecified order).
  const perfgate::Comparison again = perfgate::comparison_from_json(once, kOrigin, &again_code);
  const std::string twice = perfgate::comparison_to_json(again, again_code);
  if (once != twice) fail("a second trip changed the comparison",
                            once + "\n--- then ---\n" + twice + "\n--- first difference ---\n" + first_difference(once, twice));
  return 0;
}
