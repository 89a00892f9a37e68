#include "nvbench_stream.hpp"

#include <exception>
#include <set>

#include "nvbench_document.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate::detail {
namespace {

// What the first pass keeps: the small members, whole, and the first
// complaint about a state's device, given only once the whole document is
// known to be valid JSON (as a parse of the whole document would order it).
struct FirstPass {
  Json meta;
  Json devices;
  bool has_benchmarks = false;
  std::exception_ptr device_problem;
};

// The "benchmarks" array's elements, each checked and its devices noted;
// false when it is not an array.
bool note_benchmarks(JsonDocumentScanner& scanner, JsonPartParser& parse, NvbenchImport& import, FirstPass& pass) {
  if (scanner.value_kind() != '[') return false;
  scanner.enter_array();
  std::size_t index = 0;
  while (const std::optional<std::string_view> element = scanner.next_element()) {
    const Json bench = parse.as_json(*element, scanner.part_position(), "benchmarks", index++);
    if (pass.device_problem) continue;
    try {
      import.note_devices_used(bench);
    } catch (...) {
      pass.device_problem = std::current_exception();
    }
  }
  return true;
}

// The first pass, from the member `first_key`; nullopt when the document
// is not NVBench JSON as NVBench lays it out.
std::optional<FirstPass> first_pass(JsonDocumentScanner& scanner, const std::string& first_key, JsonPartParser& parse,
                                    NvbenchImport& import) {
  FirstPass pass;
  std::set<std::string> read;
  for (std::optional<std::string> key = first_key; key; key = scanner.next_key()) {
    if (*key == "schema" || *key == "context") return std::nullopt;  // perfgate's or Google Benchmark's
    const bool wanted = *key == "meta" || *key == "devices" || *key == "benchmarks";
    if (wanted && !read.insert(*key).second) return std::nullopt;  // twice: the last counts, as in a whole parse
    if (*key == "benchmarks") {
      if (!note_benchmarks(scanner, parse, import, pass)) return std::nullopt;
      pass.has_benchmarks = true;
      continue;
    }
    Json value = parse.as_json(scanner.value(), scanner.part_position(), *key);  // checked, though maybe unread
    if (*key == "meta") pass.meta = std::move(value);
    if (*key == "devices") pass.devices = std::move(value);
  }
  if (!pass.has_benchmarks || !pass.devices.is_array()) return std::nullopt;
  return pass;
}

// The second pass: each benchmark read.
void read_benchmarks(JsonDocumentScanner& scanner, JsonPartParser& parse, NvbenchImport& import) {
  while (const std::optional<std::string> key = scanner.next_key()) {
    if (*key != "benchmarks") {
      scanner.skip_value();
      continue;
    }
    scanner.enter_array();
    std::size_t index = 0;
    while (const std::optional<std::string_view> element = scanner.next_element()) {
      import.add(parse.as_json(*element, scanner.part_position(), "benchmarks", index), index);
      ++index;
    }
  }
}

}  // namespace

std::optional<Results> import_nvbench(JsonDocumentScanner& scanner, const std::string& first_key,
                                      const ScannerOpener& reopen, JsonPartParser& parse) {
  const std::string origin = scanner.origin();
  try {
    NvbenchImport import(origin);
    std::optional<FirstPass> pass = first_pass(scanner, first_key, parse, import);
    if (!pass) return std::nullopt;
    import.read_devices(pass->devices);
    if (pass->device_problem) std::rethrow_exception(pass->device_problem);
    import.start(pass->meta);
    const std::unique_ptr<JsonDocumentScanner> second = reopen();
    read_benchmarks(*second, parse, import);
    return import.finish();
  } catch (const Json::exception& e) {  // a field of the wrong JSON type, worded as for the whole document
    throw InputError(origin + ": not valid NVBench JSON: " + e.what());
  }
}

}  // namespace perfgate::detail
