#include "perfgate/model/errors.hpp"

#include <cstdio>
#include <iostream>

namespace perfgate {

int run_reporting_errors(const std::function<int()>& body) {
  constexpr int kHarnessError = 2;  // docs/design.md, exit codes
  try {
    return body();
  } catch (const InputError& e) {
    std::cerr << "perfgate: error: " << e.what() << '\n';
  } catch (const OutputError& e) {
    std::cerr << "perfgate: error: " << e.what() << '\n';
  } catch (const DeviceError& e) {
    std::cerr << "perfgate: error: " << e.what() << '\n';
  } catch (const std::exception& e) {
    std::cerr << "perfgate: internal error: " << e.what() << '\n';
  }
  return kHarnessError;
}

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
