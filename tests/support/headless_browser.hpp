#pragma once
// A report opened in a real browser for a test: Debian's chromium, headless,
// offline (no network: every request fails), from file://.  Tests skip with
// skip_reason where chromium is not installed.

#include <filesystem>
#include <string>

namespace perfgate::testing {

struct BrowserPage {
  std::string skip_reason;  // non-empty: no browser here, why
  std::string dom;          // the DOM after the page's scripts ran (--dump-dom)
  std::string log;          // chromium's stderr
};

// Loads `file` (with `#fragment` when one is given) in a window
// `window_width` px wide (0: chromium's default); writes a PNG screenshot
// to `screenshot` when it is not empty (1400 px wide).
BrowserPage load_in_browser(const std::filesystem::path& file, const std::filesystem::path& screenshot = {},
                            const std::string& fragment = "", int window_width = 0);

}  // namespace perfgate::testing
