#pragma once
// Shared by the loaders of perfgate's JSON files (results, device
// calibrations): every rejection is an InputError whose message is
// "ORIGIN: where: problem" on one line.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "perfgate/model/fingerprint.hpp"

namespace perfgate::detail {

using Json = nlohmann::json;

// Reads fields of one JSON object, naming `where` in every complaint.
class ObjectReader {
 public:
  ObjectReader(const Json& object, std::string origin, std::string where);

  [[noreturn]] void fail(const std::string& problem) const;
  const Json* find(const char* key) const;  // null when absent or JSON null
  const Json& require(const char* key) const;
  std::string string(const char* key, bool required = false) const;
  std::int64_t integer(const char* key, std::int64_t minimum = 0) const;
  // An integer field stored in an int: beyond it the value would wrap
  // (found by fuzzing: a huge throttled_samples was written back negative).
  int small_integer(const char* key, int minimum = 0) const;
  bool boolean(const char* key) const;
  // A finite number >= minimum; 0 when absent unless required.
  double number(const char* key, double minimum, bool required = false) const;
  const std::string& origin() const { return origin_; }

 private:
  const Json& object_;
  std::string origin_;
  std::string where_;
};

// Parses JSON text; a syntax error (NaN and Infinity named as such) becomes
// an InputError naming `origin`.
Json parse_json(const std::string& text, const std::string& origin);

// The "fingerprint" object of a results or device file.
Fingerprint read_fingerprint(const Json& j, const std::string& origin);

// The "samples" array (seconds): finite, non-negative numbers; empty when absent.
std::vector<double> read_samples(const ObjectReader& r);

}  // namespace perfgate::detail
