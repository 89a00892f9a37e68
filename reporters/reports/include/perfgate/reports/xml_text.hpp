#pragma once
// Text made safe for XML 1.0.

#include <string>
#include <string_view>

namespace perfgate {

// Invalid UTF-8 becomes U+FFFD; characters XML 1.0 forbids (C0 controls
// other than tab, newline and carriage return; U+FFFE, U+FFFF) are removed.
std::string xml_legal(std::string_view text);

// For element content: xml_legal, then & < > escaped.
std::string xml_escape_text(std::string_view text);

// For attribute values in double quotes: also " and ' escaped, and tab,
// newline and carriage return as character references so parsers keep them.
std::string xml_escape_attribute(std::string_view text);

}  // namespace perfgate
