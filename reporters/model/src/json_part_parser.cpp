#include "json_part_parser.hpp"

#include <regex>

#include "json_reader.hpp"
#include "perfgate/model/errors.hpp"

namespace perfgate::detail {

static_assert(JsonDocumentScanner::kPadding >= simdjson::SIMDJSON_PADDING, "simdjson reads past a part's end");

simdjson::dom::element JsonPartParser::operator()(std::string_view padded_text, const TextPosition& at,
                                                  std::string_view name, std::size_t index) {
  simdjson::dom::element element;
  const simdjson::error_code code = parser_.parse(padded_text.data(), padded_text.size(), false).get(element);
  if (code != simdjson::SUCCESS) {
    std::string path(name);  // appended, not added: GCC 12 warns (-Wrestrict) falsely on the sum
    if (index != std::string::npos) path.append("[").append(std::to_string(index)).append("]");
    refuse(padded_text, at, path, code);
  }
  return element;
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
        object[std::string(field.key)] = to_json(field.value);  // a repeated key: the last wins, as nlohmann's parse
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
  if (parser_.parse(padded_text.data(), padded_text.size(), false).get(element) == simdjson::SUCCESS) return to_json(element);
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
