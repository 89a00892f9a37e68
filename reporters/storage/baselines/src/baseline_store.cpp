// The baseline folder: <dir>/<slug>/<suite>.json and <dir>/<slug>/device.json.

#include "perfgate/baselines/baseline_store.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <system_error>
#include <utility>

#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/file_lock.hpp"
#include "perfgate/model/fingerprint.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/model/suite_name.hpp"

namespace perfgate {
namespace fs = std::filesystem;
namespace {

constexpr const char* kCalibrationFile = "device.json";

// CI systems set CI (GitHub, GitLab, Jenkins' plugins, ...).
bool running_in_ci() {
  const char* ci = std::getenv("CI");
  if (!ci || !*ci) return false;
  const std::string value = ci;
  return value != "0" && value != "false" && value != "no";
}

std::optional<Results> load_old_baseline(const fs::path& path, bool force) {
  if (!fs::exists(path)) return std::nullopt;
  try {
    return load_results(path);
  } catch (const InputError& e) {
    if (!force) throw InputError(std::string(e.what()) + " (pass --force to replace it)");
    std::cerr << "perfgate: warning: replacing an unreadable baseline: " << printable_text(e.what()) << '\n';
    return std::nullopt;
  }
}

// A baseline its owner made read-only (a reviewed reference kept fixed) is
// never replaced: the atomic rename would take it, and lose its mode, where
// the folder is writable.  Root, whom access() lets write anything, is held
// to the mode too.
void require_replaceable(const fs::path& file) {
  struct stat info {};
  if (::stat(file.c_str(), &info) != 0) return;  // no baseline yet
  if ((info.st_mode & 0222) != 0 && ::access(file.c_str(), W_OK) == 0) return;
  char mode[8];
  std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(info.st_mode & 07777));
  throw OutputError(file.string() + ": the baseline is read-only (mode " + mode +
                    "); perfgate does not replace it: make it writable (chmod u+w) to update it");
}

// Pooling rounds of devices the gate calls incomparable makes a baseline of
// no one machine (a GPU's runs among a CPU's): refused before anything moves.
void require_poolable(const std::optional<Results>& old, const Results& measured, const fs::path& file,
                      const BaselineWrite& how) {
  std::string why;
  if (how.refresh.append && old && !comparable(old->fingerprint, measured.fingerprint, &why))
    throw InputError((how.origin.empty() ? std::string("the new runs") : how.origin) + ": cannot be appended to " +
                     file.string() + ": " + why);
}

}  // namespace

void refuse_baseline_write_in_ci(bool force) {
  if (running_in_ci() && !force)
    throw InputError("refusing to write baselines in CI (CI=" + std::string(std::getenv("CI")) +
                     "): baselines are refreshed by people and reviewed; pass --force to override");
}

FolderBaselineStore::FolderBaselineStore(fs::path dir, std::string where)
    : dir_(std::move(dir)), where_(where.empty() ? dir_.string() : std::move(where)) {}

// Both name parts of the path are checked: never outside the folder, never
// into another device's baselines.
fs::path FolderBaselineStore::suite_file(const std::string& suite, const std::string& slug) const {
  require_device_slug(slug, where_);
  require_suite_name(suite, where_);
  return dir_ / slug / (suite + ".json");
}

fs::path FolderBaselineStore::calibration_file(const std::string& slug) const {
  require_device_slug(slug, where_);
  return dir_ / slug / kCalibrationFile;
}

fs::path FolderBaselineStore::calibration_beside(const fs::path& baseline_file) {
  return baseline_file.parent_path() / kCalibrationFile;
}

std::string FolderBaselineStore::location(const std::string& suite, const std::string& slug) const {
  return suite_file(suite, slug).string();
}

std::optional<Results> FolderBaselineStore::load(const std::string& suite, const std::string& slug) const {
  const fs::path file = suite_file(suite, slug);
  if (!fs::exists(file)) return std::nullopt;
  return load_results(file);
}

std::vector<std::string> FolderBaselineStore::devices_with(const std::string& suite) const {
  require_suite_name(suite, where_);
  std::vector<std::string> slugs;
  if (!fs::is_directory(dir_)) return slugs;
  for (const auto& entry : fs::directory_iterator(dir_)) {
    const std::string slug = entry.path().filename().string();
    if (device_slug_problem(slug)) continue;  // no folder perfgate writes
    if (fs::exists(suite_file(suite, slug))) slugs.push_back(slug);
  }
  std::sort(slugs.begin(), slugs.end());
  return slugs;
}

std::string FolderBaselineStore::calibration_location(const std::string& slug) const {
  return calibration_file(slug).string();
}

std::optional<DeviceCalibration> FolderBaselineStore::load_calibration(const std::string& slug) const {
  const fs::path file = calibration_file(slug);
  if (!fs::exists(file)) return std::nullopt;
  return load_device_calibration(file);  // an invalid file is an error, as in a suite run
}

std::string FolderBaselineStore::save_calibration(const DeviceCalibration& calibration) {
  const fs::path file = calibration_file(calibration.fingerprint.slug);
  save_device_calibration(calibration, file);
  return file.string();
}

std::string FolderBaselineStore::write(const std::vector<Results>& rounds, const BaselineWrite& how,
                                       const BaselineReview& review) {
  refuse_baseline_write_in_ci(how.force);
  const Results measured = pool_runs(rounds);
  const fs::path file = suite_file(measured.suite, measured.fingerprint.slug);
  if (!how.dry_run) require_replaceable(file);
  std::optional<FileLock> lock;
  if (!how.dry_run) lock.emplace(file);  // a concurrent write to this device's baselines waits here
  const std::optional<Results> old = load_old_baseline(file, how.force);
  require_poolable(old, measured, file, how);
  if (review) review(old, measured, file.string());  // the new runs alone, before any pooling with the old
  const Results fresh = refreshed_baseline(old, measured, how.refresh);
  if (!how.dry_run) save_results(fresh, file);
  return file.string();
}

std::unique_ptr<BaselineStore> open_baseline_store(const std::filesystem::path& dir, const std::string& where) {
  return std::make_unique<FolderBaselineStore>(dir, where);
}

std::vector<std::string> baseline_slugs(const Fingerprint& device) {
  std::vector<std::string> slugs = {device.slug};
  if (device.kind == DeviceKind::cpu && device.cpu.known())
    if (const std::string before = make_slug(DeviceKind::cpu, device.name); before != device.slug) slugs.push_back(before);
  return slugs;
}

std::string baseline_slug(const BaselineStore& store, const std::string& suite, const Fingerprint& device) {
  const std::vector<std::string> with = store.devices_with(suite);
  for (const std::string& slug : baseline_slugs(device))
    if (std::find(with.begin(), with.end(), slug) != with.end()) return slug;
  return device.slug;
}

}  // namespace perfgate
