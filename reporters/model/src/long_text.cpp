#include "perfgate/model/long_text.hpp"

#include <optional>
#include <variant>

#include "perfgate/model/results.hpp"

namespace perfgate {

namespace {

// The start of a UTF-8 character at or before `at` (continuation bytes are
// 10xxxxxx), so a cut never splits one.
std::size_t character_start(const std::string& text, std::size_t at) {
  while (at > 0 && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) --at;
  return at;
}

void cut(std::optional<std::string>& text) {
  if (text) *text = cut_long_text(std::move(*text));
}

}  // namespace

std::string cut_long_text(std::string text) {
  if (text.size() <= kMaxTextBytes) return text;
  const std::string note = " [... cut: " + std::to_string(text.size()) + " bytes in all]";
  text.resize(character_start(text, kMaxTextBytes - note.size()));
  return text + note;
}

void cut_long_texts(Results& results) {
  results.source.command = cut_long_text(std::move(results.source.command));
  for (BenchmarkResult& b : results.benchmarks) {
    cut(b.error);
    cut(b.skipped);
    cut(b.gate.reason);
    for (auto& [name, value] : b.counters)
      if (auto* label = std::get_if<std::string>(&value)) *label = cut_long_text(std::move(*label));
  }
}

}  // namespace perfgate
