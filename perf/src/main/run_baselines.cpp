#include "main/run_baselines.hpp"

#include <utility>

#include "perfgate/formats/device_calibration.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace {

std::unique_ptr<BaselineStore> store_of(const MainOptions& options) {
  if (options.baseline_dir.empty()) return nullptr;
  return open_baseline_store(options.baseline_dir, "--perfgate_baseline_dir");
}

}  // namespace

RunBaselines::RunBaselines(const MainOptions& options) : RunBaselines(store_of(options), options.baseline) {}

RunBaselines::RunBaselines(std::unique_ptr<BaselineStore> store, std::filesystem::path file)
    : store_(std::move(store)), file_(std::move(file)) {}

std::string RunBaselines::slug_of(const std::string& suite, const Fingerprint& device) const {
  if (!file_.empty()) return device.slug;
  if (!store_)
    throw InputError("no baseline: pass --perfgate_baseline=FILE or --perfgate_baseline_dir=DIR, "
                     "or run with --perfgate_mode=record");
  return baseline_slug(*store_, suite, device);
}

FoundBaseline RunBaselines::this_device(const std::string& suite, const std::string& slug) const {
  if (!file_.empty()) return {load_results(file_), file_.string()};  // a file given by name must be there
  return {store_->load(suite, slug), store_->location(suite, slug)};
}

FoundBaseline RunBaselines::other_device(const std::string& suite) const {
  if (!file_.empty() || !store_) return {};
  const std::vector<std::string> devices = store_->devices_with(suite);
  if (devices.empty()) return {};
  return {store_->load(suite, devices.front()), store_->location(suite, devices.front())};
}

std::optional<DeviceCalibration> RunBaselines::calibration(const std::string& slug) const {
  if (store_) return store_->load_calibration(slug);
  // A file given by itself has its calibration beside it, a path of the user's flag.
  const std::filesystem::path beside = file_.empty() ? file_ : FolderBaselineStore::calibration_beside(file_);
  if (beside.empty() || !std::filesystem::exists(beside)) return std::nullopt;
  return load_device_calibration(beside);
}

std::string RunBaselines::calibration_location(const std::string& slug) const {
  if (store_) return store_->calibration_location(slug);
  return file_.empty() ? "" : FolderBaselineStore::calibration_beside(file_).string();
}

std::vector<NamedPath> RunBaselines::inputs(const std::string& suite, const std::string& slug,
                                            const std::string& model_slug) const {
  std::filesystem::path baseline = file_;
  if (baseline.empty() && store_) baseline = store_->suite_file(suite, slug);
  std::filesystem::path calibration;
  if (store_) calibration = store_->calibration_file(model_slug);
  else if (!file_.empty()) calibration = FolderBaselineStore::calibration_beside(file_);
  return {{baseline, "the baseline"}, {calibration, "the device calibration"}};
}

}  // namespace perfgate
