#pragma once
// The files every site carries once, in its assets/ folder: dygraphs (the
// charting library, Debian's libjs-dygraphs, MIT) with its licence, and
// the site's own script and style.  Built into the program at build time
// (cmake/EmbedAssets.cmake), so a report needs no file of the build machine.

#include <string_view>
#include <vector>

namespace perfgate::dashboard {

struct SiteAsset {
  std::string_view name;     // in assets/: "dygraph.min.js", "dygraph-LICENSE.txt", "dashboard.js", ...
  std::string_view content;
};

std::vector<SiteAsset> site_assets();

}  // namespace perfgate::dashboard
