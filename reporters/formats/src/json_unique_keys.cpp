#include "perfgate/formats/json_unique_keys.hpp"

#include <algorithm>
#include <set>
#include <vector>

#include "perfgate/platform/errors.hpp"

namespace perfgate {

std::string repeated_key_problem(const std::string& key, const std::string& where) {
  return "key " + quote_text(key) + " appears twice in " + (where.empty() ? "one object" : where) +
         " (readers differ on which to take, so perfgate takes neither)";
}

namespace {

// Where the parse stands: one frame per open object (its keys so far, the
// last one) or array (the index of its current element), so that a repeated
// key is named with its object's place ("benchmarks[3].counters").
struct OpenValue {
  bool is_array = false;
  std::size_t index = 0;
  std::string key;
  std::set<std::string> keys;
};

std::string place_of(const std::vector<OpenValue>& open) {
  if (open.size() <= 1) return "the document's top-level object";
  std::string place;
  for (std::size_t i = 0; i + 1 < open.size(); ++i) {
    if (open[i].is_array) {
      place += "[" + std::to_string(open[i].index) + "]";
    } else {
      if (!place.empty()) place += ".";
      place += open[i].key;
    }
  }
  return place;
}

// nlohmann takes a NUL byte for the end of its input (for C strings), so
// "{...}\0anything" would pass as the part before the NUL.  JSON text never
// holds a raw NUL (not even inside a string), and the streaming scanner
// refuses one: refused here too, so every reader sees the same file.
void refuse_nul_byte(const std::string& text, const std::string& origin) {
  const std::size_t at = text.find('\0');
  if (at == std::string::npos) return;
  const std::size_t line_start = text.rfind('\n', at);
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
  const std::size_t column = line_start == std::string::npos ? at + 1 : at - line_start;
  throw InputError(origin + ": line " + std::to_string(line) + ", column " + std::to_string(column) +
                   ": a NUL byte (0x00), which JSON text never holds");
}

}  // namespace

nlohmann::json parse_json_with_unique_keys(const std::string& text, const std::string& origin) {
  // nlohmann reports each container's start and end, each key, and each
  // scalar value, in document order: a stack of the open containers is
  // enough to know every key's object and every element's index.
  refuse_nul_byte(text, origin);
  std::vector<OpenValue> open;
  const auto element_done = [&] {
    if (!open.empty() && open.back().is_array) ++open.back().index;
  };
  const auto check = [&](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    using Event = nlohmann::json::parse_event_t;
    switch (event) {
      case Event::object_start: open.emplace_back(); break;
      case Event::array_start: open.emplace_back().is_array = true; break;
      case Event::object_end:
      case Event::array_end:
        if (!open.empty()) open.pop_back();
        element_done();
        break;
      case Event::value: element_done(); break;
      case Event::key: {
        if (open.empty()) break;
        const std::string& key = parsed.get_ref<const std::string&>();
        if (!open.back().keys.insert(key).second)
          throw InputError(origin + ": " + repeated_key_problem(key, place_of(open)));
        open.back().key = key;
        break;
      }
    }
    return true;
  };
  return nlohmann::json::parse(text, check);
}

}  // namespace perfgate
