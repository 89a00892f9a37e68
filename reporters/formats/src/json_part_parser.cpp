#include "json_part_parser.hpp"

#include <algorithm>
#include <optional>
#include <regex>
#include <vector>

#include "json_reader.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/json_unique_keys.hpp"

namespace perfgate::detail {

static_assert(JsonDocumentScanner::kPadding >= simdjson::SIMDJSON_PADDING, "simdjson reads past a part's end");

namespace {

std::string part_path(std::string_view name, std::size_t index) {
  std::string path(name);  // appended, not added: GCC 12 warns (-Wrestrict) falsely on the sum
  if (index != std::string::npos) path.append("[").append(std::to_string(index)).append("]");
  return path;
}

// The first key an object of `e` repeats, and where below `e` that object is
// (".counters", "[2]"), built on the way back so that a clean part costs no
// strings.  Small objects (a benchmark entry has about 20 keys) are checked
// pair by pair on simdjson's tape; larger ones sorted.
struct RepeatedKey {
  std::string key;
  std::string place;
};

std::optional<std::string_view> repeated_key_of(const simdjson::dom::object& object) {
  constexpr std::size_t kPairwiseUpTo = 32;
  if (object.size() <= kPairwiseUpTo) {
    for (auto i = object.begin(); i != object.end(); ++i) {
      auto j = i;
      for (++j; j != object.end(); ++j)
        if (i.key() == j.key()) return i.key();
    }
    return std::nullopt;
  }
  std::vector<std::string_view> keys;
  keys.reserve(object.size());
  for (simdjson::dom::key_value_pair field : object) keys.push_back(field.key);
  std::sort(keys.begin(), keys.end());
  const auto twice = std::adjacent_find(keys.begin(), keys.end());
  if (twice == keys.end()) return std::nullopt;
  return *twice;
}

bool find_repeated_key(simdjson::dom::element e, RepeatedKey& found) {
  if (e.type() == simdjson::dom::element_type::OBJECT) {
    const simdjson::dom::object object(e);
    if (const auto key = repeated_key_of(object)) {
      found.key = std::string(*key);
      return true;
    }
    for (simdjson::dom::key_value_pair field : object)
      if (find_repeated_key(field.value, found)) {
        found.place = "." + std::string(field.key) + found.place;
        return true;
      }
  } else if (e.type() == simdjson::dom::element_type::ARRAY) {
    std::size_t index = 0;
    for (simdjson::dom::element item : simdjson::dom::array(e)) {
      if (find_repeated_key(item, found)) {
        found.place = "[" + std::to_string(index) + "]" + found.place;
        return true;
      }
      ++index;
    }
  }
  return false;
}

}  // namespace

simdjson::dom::element JsonPartParser::operator()(std::string_view padded_text, const TextPosition& at,
                                                  std::string_view name, std::size_t index) {
  simdjson::dom::element element;
  const simdjson::error_code code = parser_.parse(padded_text.data(), padded_text.size(), false).get(element);
  if (code != simdjson::SUCCESS) refuse(padded_text, at, part_path(name, index), code);
  refuse_repeated_keys(element, at, name, index);
  return element;
}

void JsonPartParser::refuse_repeated_keys(simdjson::dom::element element, const TextPosition& at, std::string_view name,
                                          std::size_t index) const {
  RepeatedKey found;
  if (!find_repeated_key(element, found)) return;
  throw InputError(origin_ + ": line " + std::to_string(at.line) + ", column " + std::to_string(at.column) + ": " +
                   repeated_key_problem(found.key, part_path(name, index) + found.place));
}

namespace {

// nlohmann types a number by its text: a non-negative integer unsigned, a
// negative one signed, anything with a fraction or exponent a double.
Json to_json(simdjson::dom::element e) {
  switch (e.type()) {
    case simdjson::dom::element_type::ARRAY: {
      Json array = Json::array();
      const simdjson::dom::array items(e);
      for (simdjson::dom::element item : items) array.push_back(to_json(item));
      return array;
    }
    case simdjson::dom::element_type::OBJECT: {
      Json object = Json::object();
      const simdjson::dom::object fields(e);
      for (simdjson::dom::key_value_pair field : fields)
        object[std::string(field.key)] = to_json(field.value);  // no key repeats: refused before
      return object;
    }
    case simdjson::dom::element_type::INT64: {
      const std::int64_t v = e.get_int64().value_unsafe();
      return v >= 0 ? Json(static_cast<std::uint64_t>(v)) : Json(v);
    }
    case simdjson::dom::element_type::UINT64: return Json(e.get_uint64().value_unsafe());
    case simdjson::dom::element_type::DOUBLE: return Json(e.get_double().value_unsafe());
    case simdjson::dom::element_type::STRING: return Json(std::string(e.get_string().value_unsafe()));
    case simdjson::dom::element_type::BOOL: return Json(e.get_bool().value_unsafe());
    case simdjson::dom::element_type::NULL_VALUE: return Json(nullptr);
  }
  return Json(nullptr);
}

}  // namespace

Json JsonPartParser::as_json(std::string_view padded_text, const TextPosition& at, std::string_view name,
                             std::size_t index) {
  simdjson::dom::element element;
  if (parser_.parse(padded_text.data(), padded_text.size(), false).get(element) == simdjson::SUCCESS) {
    refuse_repeated_keys(element, at, name, index);
    return to_json(element);
  }
  try {
    return parse_json(std::string(padded_text), origin_);
  } catch (const InputError&) {
    (void)operator()(padded_text, at, name, index);  // refuses, worded at the part's place
    throw;
  }
}

// nlohmann's word on the part, its "line A, column B" moved to where the part
// lies in the document; where nlohmann reads the part (a number beyond 64
// bits), simdjson's.
void JsonPartParser::refuse(std::string_view text, const TextPosition& at, const std::string& path,
                            simdjson::error_code code) const {
  try {
    (void)parse_json(std::string(text), origin_);
  } catch (const InputError& e) {
    const std::string message = e.what();
    std::smatch found;
    static const std::regex line_column("at line ([0-9]+), column ([0-9]+)");
    if (!std::regex_search(message, found, line_column)) throw InputError(message + " (in " + path + ")");
    const std::uint64_t line = std::stoull(found[1].str());
    const std::uint64_t column = std::stoull(found[2].str());
    const std::uint64_t document_line = at.line + line - 1;
    const std::uint64_t document_column = line == 1 ? at.column + column - 1 : column;
    throw InputError(found.prefix().str() + "at line " + std::to_string(document_line) + ", column " +
                     std::to_string(document_column) + " (in " + path + ")" + found.suffix().str());
  }
  throw InputError(origin_ + ": line " + std::to_string(at.line) + ", column " + std::to_string(at.column) + ": " + path +
                   ": " + simdjson::error_message(code));
}

}  // namespace perfgate::detail
