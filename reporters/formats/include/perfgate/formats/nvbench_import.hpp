#pragma once
// NVBench JSON (--json, file version 1.x) as perfgate results, so a GPU team
// that already has NVBench benchmarks can gate them (docs/design.md,
// "Results and baselines: one schema").

#include <string>

#include <nlohmann/json.hpp>

#include "perfgate/model/results.hpp"

namespace perfgate {

// A top-level object with "devices" and "benchmarks" and neither "schema"
// nor "context" (Google Benchmark's).
bool is_nvbench_json(const nlohmann::json& doc);

// Each state becomes one benchmark, "<benchmark>/<state>" with the state
// named as NVBench names it ("BlockSize=2^6 NumBlocks=2^6"; just
// "<benchmark>" without axes).  "Device=N" is dropped when the states ran on
// one device and kept when on several, whose fingerprint then names them all
// ("Quadro GV100 + Quadro GP100").  The measured time is the cold GPU time:
// the samples from the --jsonbin file when the folder "<origin>-bin" is
// there, otherwise a SampleStatistics summary from NVBench's own.  Skipped
// states are skipped benchmarks with NVBench's reason.  `origin` is the
// file's path: it names the suite (its stem) and locates the sample files.
Results import_nvbench(const nlohmann::json& doc, const std::string& origin);

}  // namespace perfgate
