#include "perfgate/platform/utf8.hpp"

namespace perfgate {

std::size_t decode_utf8(std::string_view text, std::size_t i, std::uint32_t* code_point) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  const unsigned char lead = byte(0);
  std::size_t length;
  std::uint32_t value;
  std::uint32_t minimum;
  if (lead < 0x80) {
    *code_point = lead;
    return 1;
  } else if ((lead & 0xe0) == 0xc0) {
    length = 2, value = lead & 0x1fu, minimum = 0x80;
  } else if ((lead & 0xf0) == 0xe0) {
    length = 3, value = lead & 0x0fu, minimum = 0x800;
  } else if ((lead & 0xf8) == 0xf0) {
    length = 4, value = lead & 0x07u, minimum = 0x10000;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(k) & 0xc0) != 0x80) return 0;
    value = (value << 6) | (byte(k) & 0x3fu);
  }
  const bool surrogate = value >= 0xd800 && value <= 0xdfff;
  if (value < minimum || surrogate || value > 0x10ffff) return 0;
  *code_point = value;
  return length;
}

std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    std::uint32_t code_point;
    const std::size_t length = decode_utf8(text, i, &code_point);
    if (length == 0) {
      out += "\xef\xbf\xbd";
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

const char* invisible_or_bidi(std::uint32_t c) {
  if (c >= 0x80 && c <= 0x9f) return "a C1 control character";
  if (c == 0x061c || c == 0x200e || c == 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
    return "a bidirectional control character";
  if (c == 0x00ad || c == 0x034f || c == 0x115f || c == 0x1160 || c == 0x180e || (c >= 0x200b && c <= 0x200d) ||
      (c >= 0x2060 && c <= 0x2064) || c == 0x3164 || c == 0xfeff || c == 0xffa0 || (c >= 0xfff9 && c <= 0xfffb))
    return "an invisible character";
  if ((c >= 0xe0000 && c <= 0xe007f)) return "an invisible tag character";
  return nullptr;
}

}  // namespace perfgate
