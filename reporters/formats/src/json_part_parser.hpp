#pragma once
// Parses the parts of a document a JsonDocumentScanner hands out, with
// simdjson (issue 28: gigabytes a second, one part in memory at a time).  A
// part that is not valid JSON is an InputError as precise as a parse of the
// whole document gives: nlohmann's message for the part (NaN and Infinity
// named as such), its line and column counted from the document's start,
// and the part's place in the document.

#include <string>
#include <string_view>

// Only perfgate::model's own sources include this header: they are compiled
// with simdjson's settings (SIMDJSON_THREADS_ENABLED), which change its types.
#include <simdjson.h>

#include "json_document_scanner.hpp"
#include "json_reader.hpp"

namespace perfgate::detail {

class JsonPartParser {
 public:
  explicit JsonPartParser(std::string origin) : origin_(std::move(origin)) {}

  // `padded_text` as JsonDocumentScanner hands it out (kPadding readable
  // bytes after it); `at` where it starts; `name` and `index` its place
  // ("benchmarks", 3: benchmarks[3]; a member: its key and npos).  The
  // element stays valid until the next call.
  simdjson::dom::element operator()(std::string_view padded_text, const TextPosition& at, std::string_view name,
                                    std::size_t index = std::string::npos);

  // The same part as the nlohmann value a parse of it gives, for the
  // readers written on nlohmann (perfgate's own results): parsed by
  // simdjson and built from its tree (numbers typed as nlohmann types them),
  // or, where simdjson refuses what nlohmann reads (an integer beyond 64
  // bits), parsed by nlohmann.
  Json as_json(std::string_view padded_text, const TextPosition& at, std::string_view name,
               std::size_t index = std::string::npos);

 private:
  // A repeated key anywhere in the part is refused (json_unique_keys.hpp).
  void refuse_repeated_keys(simdjson::dom::element element, const TextPosition& at, std::string_view name,
                            std::size_t index) const;
  [[noreturn]] void refuse(std::string_view text, const TextPosition& at, const std::string& path,
                           simdjson::error_code code) const;

  simdjson::dom::parser parser_;
  std::string origin_;
};

}  // namespace perfgate::detail
