#pragma once
// The skeleton every page of the site shares: one self-contained HTML file
// (inline CSS, SVG and script, no request to anywhere: the Content-Security-
// Policy forbids any), readable offline and from a CI artifact.

#include <string>

namespace perfgate::dashboard {

struct PageParts {
  std::string title;   // plain text (escaped here)
  std::string root;    // the site's root relative to the page: "" or "../"
  std::string body;    // HTML, already escaped
  std::string script;  // inline JavaScript, or empty
};

// <!DOCTYPE html> ... with the CSP meta tag, the shared style, a navigation
// bar (history, changes), the body and a footer stating how long series are
// thinned.
std::string html_page(const PageParts& parts);

// The Content-Security-Policy every page carries.
inline constexpr const char* kContentSecurityPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";

}  // namespace perfgate::dashboard
