#include "nvbench_values.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "perfgate/platform/errors.hpp"

namespace perfgate::detail {
namespace {

using Json = nlohmann::json;

const Json* find_named(const Json& list, const std::string& name) {
  if (!list.is_array()) return nullptr;
  for (const Json& entry : list)
    if (entry.is_object() && entry.value("name", std::string()) == name) return &entry;
  return nullptr;
}

// "1.5e-05" -> 1.5e-05; the whole text must be the number.
double parse_number(const Json& value, const std::string& what, const std::string& where) {
  if (value.is_number()) return value.get<double>();
  if (value.is_string()) {
    const std::string text = value.get<std::string>();
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(text.c_str(), &end);
    if (!text.empty() && end == text.c_str() + text.size() && errno != ERANGE) return v;
  }
  throw InputError(where + ": " + what + " " + quote_text(value.is_string() ? value.get<std::string>() : value.dump()) +
                   " is not a number");
}

}  // namespace

NvbenchValue nvbench_number(const Json& list, const std::string& name, const std::string& where) {
  const Json* entry = find_named(list, name);
  if (!entry) return {};
  const auto value = entry->find("value");
  if (value == entry->end() || value->is_null()) return {true, true, 0.0};
  return {true, false, parse_number(*value, "'" + name + "'", where)};
}

std::optional<std::string> nvbench_string(const Json& list, const std::string& name) {
  const Json* entry = find_named(list, name);
  if (!entry) return std::nullopt;
  const auto value = entry->find("value");
  if (value == entry->end() || !value->is_string()) return std::nullopt;
  return value->get<std::string>();
}

double nvbench_field(const Json& object, const char* key, const std::string& where) {
  const auto value = object.find(key);
  if (value == object.end() || value->is_null()) return 0.0;
  return parse_number(*value, std::string("'") + key + "'", where);
}

std::int64_t nvbench_whole(const Json& object, const char* key, double max, const std::string& where) {
  const double v = nvbench_field(object, key, where);
  if (v >= 0 && v <= max && v == std::floor(v)) return static_cast<std::int64_t>(v);
  throw InputError(where + ": '" + key + "' is not a whole number from 0 to " + std::to_string(static_cast<long long>(max)));
}

}  // namespace perfgate::detail
