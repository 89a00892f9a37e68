#include "perfgate/formats/json_object_reader.hpp"

#include <cmath>
#include <utility>

#include "perfgate/model/long_text.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate {

using Json = nlohmann::json;

ObjectReader::ObjectReader(const Json& object, std::string origin, std::string where)
    : object_(object), origin_(std::move(origin)), where_(std::move(where)) {
  if (!object_.is_object()) fail("is not a JSON object");
}

void ObjectReader::fail(const std::string& problem) const {
  throw InputError(origin_ + ": " + where_ + (where_.empty() ? "" : " ") + problem);
}

const Json* ObjectReader::find(const char* key) const {
  auto it = object_.find(key);
  return it == object_.end() || it->is_null() ? nullptr : &*it;
}

const Json& ObjectReader::require(const char* key) const {
  const Json* value = find(key);
  if (!value) fail(std::string("has no '") + key + "'");
  return *value;
}

ObjectReader ObjectReader::at(const char* key) const {
  return ObjectReader(require(key), origin_, where_ + (where_.empty() ? "" : " ") + key + ":");
}

const Json& ObjectReader::array(const char* key) const {
  static const Json empty = Json::array();
  const Json* value = find(key);
  if (!value) return empty;
  if (!value->is_array()) fail(std::string("'") + key + "' is not an array");
  return *value;
}

std::string ObjectReader::string(const char* key, bool required) const {
  const Json* value = required ? &require(key) : find(key);
  if (!value) return {};
  if (!value->is_string()) fail(std::string("'") + key + "' is not a string");
  return value->get<std::string>();
}

std::string ObjectReader::text(const char* key) const { return cut_long_text(string(key)); }

std::int64_t ObjectReader::integer(const char* key, std::int64_t minimum) const {
  const Json* value = find(key);
  if (!value) return 0;
  if (!value->is_number_integer()) fail(std::string("'") + key + "' is not an integer");
  const auto v = value->get<std::int64_t>();
  if (v < minimum) fail(std::string("'") + key + "' is below " + std::to_string(minimum));
  return v;
}

int ObjectReader::small_integer(const char* key, int minimum) const {
  const std::int64_t v = integer(key, minimum);
  if (v > std::numeric_limits<int>::max())
    fail(std::string("'") + key + "' is above " + std::to_string(std::numeric_limits<int>::max()));
  return static_cast<int>(v);
}

bool ObjectReader::boolean(const char* key) const {
  const Json* value = find(key);
  if (!value) return false;
  if (!value->is_boolean()) fail(std::string("'") + key + "' is not true or false");
  return value->get<bool>();
}

double ObjectReader::number(const char* key, double minimum, bool required) const {
  const Json* value = required ? &require(key) : find(key);
  if (!value) return 0.0;
  if (!value->is_number() || !std::isfinite(value->get<double>()))
    fail(std::string("'") + key + "' is not a finite number");
  const double v = value->get<double>();
  if (v < minimum) fail(std::string("'") + key + "' is below " + std::to_string(minimum));
  return v;
}

double ObjectReader::number_or_nan(const char* key) const {
  const Json* value = find(key);
  if (!value) return std::numeric_limits<double>::quiet_NaN();
  if (!value->is_number()) fail(std::string("'") + key + "' is not a number");
  return value->get<double>();
}

std::optional<double> ObjectReader::optional_number(const char* key) const {
  return find(key) ? std::optional<double>(number_or_nan(key)) : std::nullopt;
}

}  // namespace perfgate
