#pragma once
// The one reader of a JSON object's fields, for every JSON file perfgate
// reads (results, device calibrations, comparisons): each rejection is an
// InputError "ORIGIN: where problem" on one line, naming the field.

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace perfgate {

class ObjectReader {
 public:
  // InputError "ORIGIN: where is not a JSON object" when `object` is not one.
  ObjectReader(const nlohmann::json& object, std::string origin, std::string where);

  [[noreturn]] void fail(const std::string& problem) const;
  const nlohmann::json* find(const char* key) const;  // null when absent or JSON null
  const nlohmann::json& require(const char* key) const;  // absent or null: "has no 'KEY'"
  // The object at `key`, named "where KEY:" in its complaints.
  ObjectReader at(const char* key) const;
  // The array at `key`; an empty one when absent.
  const nlohmann::json& array(const char* key) const;

  std::string string(const char* key, bool required = false) const;
  // A string for people, not parsed: cut as cut_long_text() cuts, so a
  // damaged file cannot make a report of gigabytes.
  std::string text(const char* key) const;
  std::int64_t integer(const char* key, std::int64_t minimum = 0) const;
  // An integer field stored in an int: beyond it the value would wrap
  // (found by fuzzing: a huge throttled_samples was written back negative).
  int small_integer(const char* key, int minimum = 0) const;
  // Any integer that fits `Int` ("'KEY' is out of range" otherwise); 0 when absent.
  template <typename Int>
  Int whole(const char* key) const;
  bool boolean(const char* key) const;
  // A finite number >= minimum; 0 when absent unless required.
  double number(const char* key, double minimum, bool required = false) const;
  // A number that may be missing: perfgate's writers write one that is not
  // finite as null, so absent or null reads as NaN.
  double number_or_nan(const char* key) const;
  std::optional<double> optional_number(const char* key) const;

  const std::string& origin() const { return origin_; }
  const std::string& where() const { return where_; }

 private:
  const nlohmann::json& object_;
  std::string origin_;
  std::string where_;
};

template <typename Int>
Int ObjectReader::whole(const char* key) const {
  const nlohmann::json* j = find(key);
  if (!j) return 0;
  if (!j->is_number_integer()) fail(std::string("'") + key + "' is not an integer");
  if (j->is_number_unsigned() ? j->get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<Int>::max())
                              : j->get<std::int64_t>() < static_cast<std::int64_t>(std::numeric_limits<Int>::min()) ||
                                    j->get<std::int64_t>() > static_cast<std::int64_t>(std::numeric_limits<Int>::max()))
    fail(std::string("'") + key + "' is out of range");
  return static_cast<Int>(j->get<std::int64_t>());
}

}  // namespace perfgate
