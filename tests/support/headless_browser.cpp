#include "headless_browser.hpp"

#include <cstdlib>
#include <unistd.h>

#include "shell.hpp"

namespace perfgate::testing {
namespace fs = std::filesystem;
namespace {

// Debian's package installs /usr/bin/chromium; elsewhere it may be on PATH.
std::string chromium_path() {
  if (::access("/usr/bin/chromium", X_OK) == 0) return "/usr/bin/chromium";
  const CommandResult which = run_shell("command -v chromium");
  return which.exit_code == 0 && !which.output.empty() ? which.output.substr(0, which.output.find('\n')) : "";
}

// Headless and offline: every host resolves to nothing and every request
// goes to a proxy that does not exist, so a page that tried to load anything
// would fail to (and the page counts what it loaded).  As root (CI
// containers) the sandbox cannot start; a fresh profile keeps runs apart.
// The time limit ends a browser that hangs instead of the test.
std::string chromium_command(const std::string& chromium, const fs::path& profile) {
  return "timeout 90 " + shell_word(chromium) +
         " --headless --no-sandbox --disable-gpu --no-first-run --no-default-browser-check --disable-extensions"
         " --disable-background-networking --disable-sync --disable-component-update --mute-audio"
         " --user-data-dir=" + shell_word(profile.string()) +
         " --proxy-server=127.0.0.1:9 --host-resolver-rules=" + shell_word("MAP * ~NOTFOUND");
}

}  // namespace

BrowserPage load_in_browser(const fs::path& file, const fs::path& screenshot, const std::string& fragment, int window_width) {
  BrowserPage page;
  const std::string chromium = chromium_path();
  if (chromium.empty()) {
    page.skip_reason = "chromium is not installed (apt-get install chromium): the HTML report is not opened in a browser";
    return page;
  }
  const TempDir profile;
  const std::string url = shell_word("file://" + fs::absolute(file).string() + (fragment.empty() ? "" : "#" + fragment));
  const std::string base = chromium_command(chromium, profile.path() / "profile");
  const fs::path log = profile / "stderr.log";
  const std::string window = window_width > 0 ? " --window-size=" + std::to_string(window_width) + ",900" : "";
  const CommandResult dumped =
      run_shell("(" + base + window + " --dump-dom " + url + " 2>" + shell_word(log.string()) + ")");
  page.dom = dumped.output;
  page.log = fs::exists(log) ? read_text(log) : "";
  if (dumped.exit_code != 0) page.log += "\nchromium exited with " + std::to_string(dumped.exit_code);
  if (!screenshot.empty()) {
    const CommandResult shot = run_shell(base + " --hide-scrollbars --window-size=1400,2400 --screenshot=" +
                                         shell_word(fs::absolute(screenshot).string()) + " " + url + " 2>&1");
    if (shot.exit_code != 0) page.log += "\nscreenshot: chromium exited with " + std::to_string(shot.exit_code) + "\n" + shot.output;
  }
  return page;
}

}  // namespace perfgate::testing
