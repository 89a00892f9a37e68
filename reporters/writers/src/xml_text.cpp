#include "perfgate/writers/xml_text.hpp"

#include "perfgate/model/utf8.hpp"

namespace perfgate {
namespace {

bool xml_allowed(std::uint32_t c) {
  if (c == 0x9 || c == 0xa || c == 0xd) return true;
  if (c < 0x20) return false;
  return c != 0xfffe && c != 0xffff;
}

std::string escape(std::string_view text, bool attribute) {
  const std::string legal = xml_legal(text);
  std::string out;
  out.reserve(legal.size() + 16);
  for (char c : legal) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += attribute ? "&quot;" : "\""; break;
      case '\'': out += attribute ? "&apos;" : "'"; break;
      case '\t': out += attribute ? "&#9;" : "\t"; break;
      case '\n': out += attribute ? "&#10;" : "\n"; break;
      case '\r': out += attribute ? "&#13;" : "\r"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace

std::string xml_legal(std::string_view text) {
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
