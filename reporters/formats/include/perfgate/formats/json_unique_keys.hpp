#pragma once
// JSON whose objects repeat a key are refused.  RFC 8259 leaves a repeated
// name's meaning to the reader, and readers differ: nlohmann keeps the last,
// simdjson finds the first, so one file read by two of perfgate's readers
// could say `"schema_version": 1` to one and 99 to the other, or pass one
// case's name with another case's samples.  A file perfgate or Google
// Benchmark writes never repeats a key; one that does is damaged or forged.

#include <string>

#include <nlohmann/json.hpp>

namespace perfgate {

// `text` parsed by nlohmann; throws InputError "ORIGIN: key \"K\" appears
// twice in one object ..." for a repeated key and "ORIGIN: line L, column C:
// a NUL byte ..." for a NUL byte anywhere (nlohmann would end the text there), nlohmann's parse_error and
// out_of_range as nlohmann::json::parse does for anything else.
nlohmann::json parse_json_with_unique_keys(const std::string& text, const std::string& origin);

// The one-line complaint every reader gives for a repeated key; `where` is the
// object's place ("benchmarks[3]") or empty.
std::string repeated_key_problem(const std::string& key, const std::string& where);

}  // namespace perfgate
