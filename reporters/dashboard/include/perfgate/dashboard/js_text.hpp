#pragma once
// Values written into the site's scripts: strings as JavaScript string
// literals that are safe inside an inline <script> too, numbers as the
// shortest text that reads back the same double.

#include <string>

namespace perfgate::dashboard {

// "..." with '"', '\\', control characters, '<', '>', '&', U+2028 and
// U+2029 as \uXXXX escapes, so "</script>" or a line separator in a
// benchmark's name can neither end the script nor break the string.
std::string js_string(const std::string& text);

// %.17g, or "null" for NaN and infinities (JSON has neither).
std::string js_number(double value);

}  // namespace perfgate::dashboard
