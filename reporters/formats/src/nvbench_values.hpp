#pragma once
// Reading NVBench JSON's named values: {"name", "type", "value"} lists whose
// int64 and float64 values are JSON strings (so int64s survive), and whose
// infinities (a noise with no samples to estimate it) are null.

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace perfgate::detail {

struct NvbenchValue {
  bool present = false;   // the name is in the list
  bool is_null = false;   // written as null: NVBench's infinity or NaN
  double number = 0.0;
};

// The value called `name` in a named-value list (null or absent list:
// not present).  Throws InputError("WHERE: ...") when it is there but is not
// a number or a numeric string.
NvbenchValue nvbench_number(const nlohmann::json& list, const std::string& name, const std::string& where);

// The string value called `name`, or nullopt.
std::optional<std::string> nvbench_string(const nlohmann::json& list, const std::string& name);

// A plain JSON number or numeric string field of an object (the "devices"
// section writes numbers), 0 when absent.
double nvbench_field(const nlohmann::json& object, const char* key, const std::string& where);

// nvbench_field as a whole number from 0 to `max`, else InputError: casting
// a double beyond an integer's range is undefined behaviour.
std::int64_t nvbench_whole(const nlohmann::json& object, const char* key, double max, const std::string& where);

}  // namespace perfgate::detail
