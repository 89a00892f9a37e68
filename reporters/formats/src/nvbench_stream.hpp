#pragma once
// NVBench JSON read as it streams (issue 28): one benchmark in memory at a
// time, never the whole document.  A state's name depends on every state's
// device (nvbench_document.hpp), so the document is read twice: a first pass
// checks it and notes the devices, a second reads the benchmarks.

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "json_document_scanner.hpp"
#include "json_part_parser.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate::detail {

// A scanner at the document's start, each time it is called.
using ScannerOpener = std::function<std::unique_ptr<JsonDocumentScanner>()>;

// `scanner` has just handed out `first_key` ("meta" or "devices", as NVBench
// writes its files); `reopen` gives the second pass its scanner.  Results as
// import_nvbench gives them for the whole document, with the same complaints
// in the same order; nullopt when the document is not laid out so (a
// "schema" or "context" member, "devices" or "benchmarks" missing, not an
// array or given twice): the caller then reads it whole.
std::optional<Results> import_nvbench(JsonDocumentScanner& scanner, const std::string& first_key,
                                      const ScannerOpener& reopen, JsonPartParser& parse);

}  // namespace perfgate::detail
