#pragma once
// Reading and writing results files (and so baselines).

#include <filesystem>
#include <string>
#include <utility>

#include "perfgate/model/results.hpp"

namespace perfgate {

// Loads a perfgate results file or plain Google Benchmark JSON (run with
// repetitions); "-" reads standard input, named "<stdin>" (input_file.hpp).
// Validates everything; throws InputError("FILE: problem").
Results load_results(const std::filesystem::path& file);

// Two files loaded at once, each on its own thread (a big pair takes half the
// time on two cores). When both are bad, the first one's error is thrown.
std::pair<Results, Results> load_results_pair(const std::filesystem::path& first, const std::filesystem::path& second);

// The same from text; `origin` names the source in messages.
Results parse_results(const std::string& text, const std::string& origin);

// Serialises to the results schema (median and robust_cv are written for
// readers; the loader recomputes them from the samples).
std::string results_to_json(const Results& results);

// Writes atomically: readers see the old file or the new one, never a mix.
void save_results(const Results& results, const std::filesystem::path& file);

}  // namespace perfgate
