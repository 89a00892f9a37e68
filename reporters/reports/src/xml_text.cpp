#include "perfgate/reports/xml_text.hpp"

#include "perfgate/platform/utf8.hpp"

namespace perfgate {
namespace {

bool xml_allowed(std::uint32_t c) {
  if (c == 0x9 || c == 0xa || c == 0xd) return true;
  if (c < 0x20) return false;
  return c != 0xfffe && c != 0xffff;
}

// Printable ASCII and the three blanks XML allows: nearly every text a
// report holds, kept as it is without decoding it (a 100,000-case JUnit
// report spent a third of its time decoding).
bool plain_ascii(std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80 || (byte < 0x20 && byte != 0x9 && byte != 0xa && byte != 0xd)) return false;
  }
  return true;
}

const char* entity(char c, bool attribute) {
  switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return attribute ? "&quot;" : nullptr;
    case '\'': return attribute ? "&apos;" : nullptr;
    case '\t': return attribute ? "&#9;" : nullptr;
    case '\n': return attribute ? "&#10;" : nullptr;
    case '\r': return attribute ? "&#13;" : nullptr;
    default: return nullptr;
  }
}

// Legal text with each character that needs it replaced by its entity; the
// runs between them appended whole.
std::string escape_legal(std::string_view legal, bool attribute) {
  std::string out;
  out.reserve(legal.size() + 16);
  std::size_t run = 0;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const char* replacement = entity(legal[i], attribute);
    if (replacement == nullptr) continue;
    out.append(legal, run, i - run).append(replacement);
    run = i + 1;
  }
  return out.append(legal, run, legal.size() - run);
}

std::string escape(std::string_view text, bool attribute) {
  return plain_ascii(text) ? escape_legal(text, attribute) : escape_legal(xml_legal(text), attribute);
}

}  // namespace

std::string xml_legal(std::string_view text) {
  if (plain_ascii(text)) return std::string(text);
  const std::string valid = valid_utf8(text);
  std::string out;
  out.reserve(valid.size());
  for (std::size_t i = 0; i < valid.size();) {
    std::uint32_t c = 0;
    const std::size_t length = decode_utf8(valid, i, &c);  // never 0 after valid_utf8
    if (xml_allowed(c)) out.append(valid, i, length);
    i += length;
  }
  return out;
}

std::string xml_escape_text(std::string_view text) { return escape(text, false); }
std::string xml_escape_attribute(std::string_view text) { return escape(text, true); }

}  // namespace perfgate
