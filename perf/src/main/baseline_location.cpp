#include "baseline_location.hpp"

#include <algorithm>
#include <vector>

#include "perfgate/model/device_calibration.hpp"
#include "perfgate/model/errors.hpp"
#include "perfgate/model/suite_name.hpp"

namespace perfgate {

namespace fs = std::filesystem;

std::filesystem::path baseline_path(const MainOptions& options, const std::string& slug, const std::string& suite) {
  if (!options.baseline.empty()) return options.baseline;
  if (!options.baseline_dir.empty()) {
    require_device_slug(slug, "--perfgate_baseline_dir");  // both name parts of the path: never outside the folder
    require_suite_name(suite, "--perfgate_baseline_dir");
    return options.baseline_dir / slug / (suite + ".json");
  }
  throw InputError("no baseline: pass --perfgate_baseline=FILE or --perfgate_baseline_dir=DIR, "
                   "or run with --perfgate_mode=record");
}

std::filesystem::path calibration_path(const MainOptions& options, const std::string& slug) {
  if (!options.baseline_dir.empty()) return device_calibration_path(options.baseline_dir, slug);
  if (!options.baseline.empty()) return options.baseline.parent_path() / "device.json";
  return {};
}

std::optional<std::filesystem::path> other_device_baseline(const MainOptions& options, const std::string& suite) {
  if (!options.baseline.empty() || !fs::is_directory(options.baseline_dir)) return std::nullopt;
  std::vector<fs::path> candidates;
  for (const auto& entry : fs::directory_iterator(options.baseline_dir))
    if (fs::exists(entry.path() / (suite + ".json"))) candidates.push_back(entry.path() / (suite + ".json"));
  if (candidates.empty()) return std::nullopt;
  std::sort(candidates.begin(), candidates.end());
  return candidates.front();
}

}  // namespace perfgate
