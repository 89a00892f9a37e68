#include "perfgate/model/errors.hpp"

#include <cstdio>

namespace perfgate {

std::string quote_text(const std::string& text) {
  constexpr std::size_t kMax = 160;
  std::string body;
  for (unsigned char c : text) {
    if (c < 0x20 || c == 0x7f) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
      body += escaped;
    } else {
      body += static_cast<char>(c);
    }
  }
  if (body.size() > kMax) body = body.substr(0, kMax / 2) + "..." + body.substr(body.size() - kMax / 2);
  return "'" + body + "'";
}

}  // namespace perfgate
