#pragma once
// Shared by the loaders of perfgate's JSON files (results, device
// calibrations): every rejection is an InputError whose message is
// "ORIGIN: where: problem" on one line.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "perfgate/formats/json_object_reader.hpp"
#include "perfgate/model/fingerprint.hpp"

namespace perfgate::detail {

using Json = nlohmann::json;

// Inputs are read whole into memory: larger ones are refused before they are
// read (one line), and so are special files (a FIFO waits for a writer
// forever, /dev/zero never ends).
inline constexpr std::uint64_t kMaxInputBytes = std::uint64_t{1} << 30;  // 1 GiB
// Samples one benchmark may carry, whatever the format: the statistics are
// linear in them, but a million a side is already far beyond any real run.
inline constexpr std::size_t kMaxSamplesPerBenchmark = 1000000;

// A regular file of at most kMaxInputBytes, open for reading (closed with
// this); InputError "FILE: problem" otherwise (missing, a folder, a FIFO or
// device, too large).
class InputFile {
 public:
  explicit InputFile(const std::filesystem::path& file);
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;
  ~InputFile();
  int fd() const { return fd_; }
  std::uint64_t size() const { return size_; }

 private:
  [[noreturn]] void fail(const std::string& problem);
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

// The bytes of such a file.
std::string read_input_file(const std::filesystem::path& file);

// All of `data` written to `fd` (standard input's copy for a second read,
// input_file.hpp); InputError "NAME: cannot copy it to a temporary file: why".
void write_all(int fd, const char* data, std::size_t size, const std::string& name);

// The most bytes of one part of a document read in a stream (a Google
// Benchmark row, its context): what such a reader holds at once besides
// what it keeps of each case.
inline constexpr std::size_t kMaxPartBytes = std::size_t{64} << 20;

// Parses JSON text; a syntax error (NaN and Infinity named as such) becomes
// an InputError naming `origin`.
Json parse_json(const std::string& text, const std::string& origin);

// The "fingerprint" object of a results or device file.
Fingerprint read_fingerprint(const Json& j, const std::string& origin);

// The "samples" array (seconds): finite, non-negative numbers; empty when absent.
std::vector<double> read_samples(const ObjectReader& r);

}  // namespace perfgate::detail
