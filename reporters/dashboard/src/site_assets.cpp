#include "perfgate/dashboard/site_assets.hpp"

#include <cstddef>
#include <utility>

namespace perfgate::dashboard {
namespace detail {
// Generated into the build folder (cmake/EmbedAssets.cmake).
extern const std::pair<std::string_view, std::string_view> kEmbeddedAssets[];
extern const std::size_t kEmbeddedAssetCount;
}  // namespace detail

std::vector<SiteAsset> site_assets() {
  std::vector<SiteAsset> assets;
  for (std::size_t i = 0; i < detail::kEmbeddedAssetCount; ++i)
    assets.push_back({detail::kEmbeddedAssets[i].first, detail::kEmbeddedAssets[i].second});
  return assets;
}

}  // namespace perfgate::dashboard
