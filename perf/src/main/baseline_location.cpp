#include "baseline_location.hpp"

#include <memory>

#include "perfgate/baselines/baseline_store.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate {

namespace {

// The store of --perfgate_baseline_dir, chosen by the one factory; names
// that cannot be part of a path there are said to come from that flag.
std::unique_ptr<BaselineStore> store_of(const MainOptions& options) {
  return open_baseline_store(options.baseline_dir, "--perfgate_baseline_dir");
}

}  // namespace

std::filesystem::path baseline_path(const MainOptions& options, const std::string& slug, const std::string& suite) {
  if (!options.baseline.empty()) return options.baseline;
  if (!options.baseline_dir.empty()) return store_of(options)->location(suite, slug);
  throw InputError("no baseline: pass --perfgate_baseline=FILE or --perfgate_baseline_dir=DIR, "
                   "or run with --perfgate_mode=record");
}

std::string baseline_slug_of(const MainOptions& options, const std::string& suite, const Fingerprint& device) {
  if (!options.baseline.empty() || options.baseline_dir.empty()) return device.slug;
  return baseline_slug(*store_of(options), suite, device);
}

std::filesystem::path calibration_path(const MainOptions& options, const std::string& slug) {
  if (!options.baseline_dir.empty()) return store_of(options)->calibration_location(slug);
  if (!options.baseline.empty()) return FolderBaselineStore::calibration_beside(options.baseline);
  return {};
}

std::optional<std::filesystem::path> other_device_baseline(const MainOptions& options, const std::string& suite) {
  if (!options.baseline.empty() || options.baseline_dir.empty()) return std::nullopt;
  const std::unique_ptr<BaselineStore> store = store_of(options);
  const std::vector<std::string> devices = store->devices_with(suite);
  if (devices.empty()) return std::nullopt;
  return store->location(suite, devices.front());
}

}  // namespace perfgate
