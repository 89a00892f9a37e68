#pragma once
// Plain Google Benchmark JSON (--benchmark_out) as perfgate results, read
// as it streams (issue 28): one row in memory at a time, and for each case
// only its samples and counters.

#include <optional>

#include "json_document_scanner.hpp"
#include "json_part_parser.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate::detail {

// `scanner` has just handed out the key "context", the first member, as
// Google Benchmark writes it.  Samples come from the per-repetition
// (iteration) rows, converted to seconds; aggregate rows stand in for a case
// that has no repetitions (its mean, standard deviation and count).  The
// device is unknown, so comparability is not checked for such files.
// nullopt when the document turns out not to be Google Benchmark JSON (a
// "schema" member, or no "benchmarks"): the caller reads it another way.
std::optional<Results> import_gbench(JsonDocumentScanner& scanner, JsonPartParser& parse);

}  // namespace perfgate::detail
