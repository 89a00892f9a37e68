#include "nvbench_sample_file.hpp"
#include "json_reader.hpp"

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>

#include "perfgate/platform/errors.hpp"

namespace perfgate::detail {
namespace fs = std::filesystem;
namespace {

// NVBench writes little-endian whatever the host; decode the bytes so this
// reads the same on any host.
float float32_le(const unsigned char* bytes) {
  const std::uint32_t bits = std::uint32_t(bytes[0]) | std::uint32_t(bytes[1]) << 8 |
                             std::uint32_t(bytes[2]) << 16 | std::uint32_t(bytes[3]) << 24;
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

std::string file_bytes(const fs::path& file, const std::string& where) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec))
    throw InputError(where + ": sample file " + quote_text(file.string()) + " is missing");
  std::ifstream in(file, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw InputError(where + ": sample file " + quote_text(file.string()) + " cannot be read");
  return bytes;
}

}  // namespace

std::optional<fs::path> nvbench_sample_folder(const std::string& json_file) {
  const fs::path folder = json_file + "-bin";
  std::error_code ec;
  if (fs::is_directory(folder, ec)) return folder;
  return std::nullopt;
}

std::vector<double> read_nvbench_samples(const fs::path& folder, const std::string& filename,
                                         std::int64_t expected_count, const std::string& where) {
  const fs::path leaf = fs::path(filename).filename();
  if (leaf.empty() || leaf == "." || leaf == "..")
    throw InputError(where + ": sample file name " + quote_text(filename) + " names no file");
  const fs::path file = folder / leaf;
  if (expected_count > static_cast<std::int64_t>(detail::kMaxSamplesPerBenchmark))
    throw InputError(where + ": " + std::to_string(expected_count) + " samples; at most " +
                     std::to_string(detail::kMaxSamplesPerBenchmark) + " per benchmark are read");
  std::error_code size_error;
  if (const auto size = fs::file_size(file, size_error); !size_error && expected_count >= 0 && size != 4 * static_cast<std::uint64_t>(expected_count))
    throw InputError(where + ": sample file " + quote_text(file.string()) + " has " + std::to_string(size) +
                     " bytes, not the " + std::to_string(expected_count) + " float32 samples NVBench recorded");
  const std::string bytes = file_bytes(file, where);
  if (expected_count < 0 || bytes.size() != 4 * static_cast<std::uint64_t>(expected_count))
    throw InputError(where + ": sample file " + quote_text(file.string()) + " has " + std::to_string(bytes.size()) +
                     " bytes, not the " + std::to_string(expected_count) + " float32 samples NVBench recorded");
  std::vector<double> samples;
  samples.reserve(static_cast<std::size_t>(expected_count));
  for (std::size_t at = 0; at < bytes.size(); at += 4) {
    const double seconds = float32_le(reinterpret_cast<const unsigned char*>(bytes.data()) + at);
    if (!std::isfinite(seconds) || seconds < 0)
      throw InputError(where + ": sample file " + quote_text(file.string()) + ": sample " +
                       std::to_string(at / 4) + " is not a finite non-negative time");
    samples.push_back(seconds);
  }
  return samples;
}

}  // namespace perfgate::detail
