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
