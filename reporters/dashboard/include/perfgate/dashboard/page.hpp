#pragma once
// The skeleton every page of the site shares: an HTML file that loads
// nothing from outside the site (the Content-Security-Policy forbids it:
// only the site's own assets/ and data scripts, by relative path), readable
// offline, from file:// and from a CI artifact.

#include <string>
#include <vector>

namespace perfgate::dashboard {

struct PageParts {
  std::string title;   // plain text (escaped here)
  std::string root;    // the site's root relative to the page: "" or "../"
  std::string body;    // HTML, already escaped
  std::string script;  // inline JavaScript, or empty
  std::vector<std::string> scripts;      // relative paths of the site's scripts, loaded in order
  std::vector<std::string> stylesheets;  // relative paths of the site's style sheets
};

// <!DOCTYPE html> ... with the CSP meta tag, the shared style, a navigation
// bar (history, changes), the body, a footer (how sparklines are thinned,
// the charting library's licence), the scripts, then the inline script.
std::string html_page(const PageParts& parts);

// The Content-Security-Policy every page carries.
inline constexpr const char* kContentSecurityPolicy =
    "default-src 'none'; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; img-src data:";

}  // namespace perfgate::dashboard
