#include "perfgate/platform/errors.hpp"

#include <cstdint>
#include <cstdio>
#include <iostream>

#include "perfgate/platform/interruption.hpp"
#include "perfgate/platform/secret_redaction.hpp"
#include "perfgate/platform/utf8.hpp"

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
  char escaped[12];
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
      out += escaped;
      continue;
    }
    // C1 controls (8-bit CSI and friends), bidirectional controls (U+202E
    // would reorder the rest of the line on a terminal or in a CI log) and
    // invisible characters: shown as their code point, never as themselves.
    std::uint32_t code_point = 0;
    const std::size_t length = c >= 0x80 ? decode_utf8(text, i, &code_point) : 0;
    if (length > 0 && invisible_or_bidi(code_point)) {
      std::snprintf(escaped, sizeof escaped, code_point > 0xffff ? "\\U%08x" : "\\u%04x", code_point);
      out += escaped;
      i += length - 1;
      continue;
    }
    out += static_cast<char>(c);
  }
  return out;
}

namespace {

// The start of the UTF-8 character at or before `at`.
std::size_t character_start(const std::string& text, std::size_t at) {
  while (at > 0 && at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) --at;
  return at;
}

}  // namespace

std::string quote_text(const std::string& text) {
  constexpr std::size_t kMax = 160;
  std::string body = printable_text(text);
  if (body.size() > kMax)  // cut in the middle, between characters
    body = body.substr(0, character_start(body, kMax / 2)) + "..." +
           body.substr(character_start(body, body.size() - kMax / 2));
  return "'" + body + "'";
}

}  // namespace perfgate
