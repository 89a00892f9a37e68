#pragma once
// NVBench's --jsonbin sample files: the cold GPU time of every sample of a
// state as little-endian float32 seconds, in "<json>-bin/N.bin".

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace perfgate::detail {

// "<json>-bin" when that folder is next to the JSON file, else nullopt: the
// import then judges from NVBench's summaries.
std::optional<std::filesystem::path> nvbench_sample_folder(const std::string& json_file);

// The `expected_count` samples of the file NVBench recorded as `filename`,
// looked up by its last component in `folder` (NVBench writes the path as
// given on its own command line, relative to a working folder perfgate
// does not know).  A missing, short or long file, or a sample that is not a
// finite non-negative time, is an InputError "WHERE: sample file PATH ...".
std::vector<double> read_nvbench_samples(const std::filesystem::path& folder, const std::string& filename,
                                         std::int64_t expected_count, const std::string& where);

}  // namespace perfgate::detail
