#pragma once
// Plain Google Benchmark JSON (--benchmark_out) as perfgate results.

#include <string>

#include <nlohmann/json.hpp>

#include "perfgate/model/results.hpp"

namespace perfgate {

// A top-level object with "benchmarks" and "context" and no "schema".
bool is_gbench_json(const nlohmann::json& doc);

// Samples come from the per-repetition (iteration) rows, converted to
// seconds; aggregate rows (mean, median, BigO, ...) are ignored.  The device
// is unknown, so comparability is not checked for such files.
Results import_gbench(const nlohmann::json& doc, const std::string& origin);

}  // namespace perfgate
