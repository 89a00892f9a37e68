#include "perfgate/model/errors.hpp"

#include <cstdio>
#include <iostream>

#include "perfgate/model/interruption.hpp"
#include "perfgate/model/secret_redaction.hpp"

namespace perfgate {

int run_reporting_errors(const std::function<int()>& body) {
  constexpr int kHarnessError = 2;  // docs/design.md, exit codes
  try {
    return body();
  } catch (const InputError& e) {
    std::cerr << "perfgate: error: " << printable_text(redact_secrets(e.what())) << '\n';
  } catch (const OutputError& e) {
    std::cerr << "perfgate: error: " << printable_text(redact_secrets(e.what())) << '\n';
  } catch (const DeviceError& e) {
    std::cerr << "perfgate: error: " << printable_text(redact_secrets(e.what())) << '\n';
  } catch (const std::exception& e) {
    std::cerr << "perfgate: internal error: " << printable_text(redact_secrets(e.what())) << '\n';
  } catch (const Interrupted& stop) {
    // Everything that unwound has cleaned up; the caller sees the signal.
    std::cerr << "perfgate: interrupted by " << describe_signal(stop.signal) << '\n';
    die_of_signal(stop.signal);
  }
  return kHarnessError;
}

std::string printable_text(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const bool c1 = c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[i + 1]) <= 0x9f;  // U+0080-U+009F: 8-bit CSI and friends
    char escaped[8];
    if (c < 0x20 || c == 0x7f) {
      std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
      out += escaped;
    } else if (c1) {
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned char>(text[++i]));
      out += escaped;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string quote_text(const std::string& text) {
  constexpr std::size_t kMax = 160;
  std::string body = printable_text(text);
  if (body.size() > kMax) body = body.substr(0, kMax / 2) + "..." + body.substr(body.size() - kMax / 2);
  return "'" + body + "'";
}

}  // namespace perfgate
