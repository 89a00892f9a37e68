#pragma once
// The fuzz targets' own answer to "does this text repeat a key in one of its
// objects?" (issue 41), read through nlohmann's SAX interface and written
// apart from perfgate's readers, so that a reader that stops refusing
// repeated keys is caught by a second opinion, not by its own code.

#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace perfgate::fuzzing {

class RepeatedKeyOracle : public nlohmann::json_sax<nlohmann::json> {
 public:
  bool repeated = false;

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override {
    objects_.emplace_back();
    containers_.push_back(true);
    return true;
  }
  bool key(string_t& name) override {
    if (!objects_.back().insert(name).second) repeated = true;
    return !repeated;  // the first repeat is enough
  }
  bool end_object() override {
    objects_.pop_back();
    containers_.pop_back();
    return true;
  }
  bool start_array(std::size_t) override {
    containers_.push_back(false);
    return true;
  }
  bool end_array() override {
    containers_.pop_back();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  std::vector<std::set<std::string>> objects_;
  std::vector<bool> containers_;
};

// Whether `text` (JSON, or the first JSON document in it) repeats a key.
inline bool repeats_a_key(const std::string& text) {
  RepeatedKeyOracle oracle;
  nlohmann::json::sax_parse(text, &oracle, nlohmann::json::input_format_t::json, false);
  return oracle.repeated;
}

}  // namespace perfgate::fuzzing
