#pragma once
// Where baselines live, and the one way they are read and written.  A
// baseline is a results file; a store keeps one per (suite, device slug),
// each device's calibration (`perfgate device --calibrate`) beside them, and
// knows which devices have a baseline of a suite.  Writing one goes through
// the store too: under a lock, the old baseline read, the new rounds pooled
// with it (baseline_refresh.hpp), replaced atomically.
//
// BaselineStore is the interface (a history store can implement it too);
// FolderBaselineStore is the layout in the source tree:
//   <dir>/<slug>/<suite>.json   a suite's baseline on one device
//   <dir>/<slug>/device.json    that device's measured ceilings

#include <filesystem>
#include <memory>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/baselines/baseline_refresh.hpp"
#include "perfgate/formats/device_calibration.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate {

// InputError when the CI variable is set and `force` is not: baselines are
// reviewed changes made by people, never a side effect of a pipeline.
// BaselineStore::write checks it too; commands call it before measuring.
void refuse_baseline_write_in_ci(bool force);

struct BaselineWrite {
  RefreshOptions refresh;
  bool force = false;    // write under CI; replace an unreadable old baseline
  bool dry_run = false;  // show what would move, write nothing
  std::string origin;    // what was measured, for messages: the promoted files, a suite's rounds
};

// Shown, under the store's lock and before anything is pooled with it, the
// old baseline (nullopt: none yet), the new rounds pooled, and where the
// baseline is (BaselineStore::location).
using BaselineReview =
    std::function<void(const std::optional<Results>& old, const Results& measured, const std::string& location)>;

class BaselineStore {
 public:
  virtual ~BaselineStore() = default;

  // Where `suite`'s baseline for device `slug` is, for messages.  InputError
  // when the suite name or slug could name anything but that baseline
  // (suite_name.hpp).
  virtual std::string location(const std::string& suite, const std::string& slug) const = 0;

  // That baseline, or nullopt when there is none; InputError when it is
  // there but unreadable.
  virtual std::optional<Results> load(const std::string& suite, const std::string& slug) const = 0;

  // The slugs of the devices that have a baseline of `suite`, sorted.
  virtual std::vector<std::string> devices_with(const std::string& suite) const = 0;

  // The same for a device's calibration.
  virtual std::string calibration_location(const std::string& slug) const = 0;
  virtual std::optional<DeviceCalibration> load_calibration(const std::string& slug) const = 0;

  // The files on this machine that hold that baseline and that calibration,
  // for a caller that writes files and must never replace one of them
  // (distinct_outputs.hpp); empty for a store that keeps none here.
  // InputError as location().
  virtual std::filesystem::path suite_file(const std::string& /*suite*/, const std::string& /*slug*/) const { return {}; }
  virtual std::filesystem::path calibration_file(const std::string& /*slug*/) const { return {}; }
  // Atomic; returns calibration_location().
  virtual std::string save_calibration(const DeviceCalibration& calibration) = 0;

  // Pools `rounds` (pool_runs) into the baseline of their suite and device:
  // refused under CI unless `how.force`, and when the baseline is read-only
  // (no write bit, or not writable by this user: an OutputError naming it
  // and its mode, the file untouched); then, holding the store's lock
  // (not for a dry run), reads the old baseline (unreadable: InputError
  // unless `how.force`, which replaces it with a warning), refuses to append
  // to one of a device the gate calls incomparable, calls `review`, and
  // unless `how.dry_run` writes the refreshed baseline (refreshed_baseline)
  // atomically.  Returns location().
  virtual std::string write(const std::vector<Results>& rounds, const BaselineWrite& how,
                            const BaselineReview& review) = 0;
};

// <dir>/<slug>/<suite>.json and <dir>/<slug>/device.json.
class FolderBaselineStore final : public BaselineStore {
 public:
  // `where` names the folder in the messages of names that cannot be part
  // of a path (the flag it came from); default: the folder.
  explicit FolderBaselineStore(std::filesystem::path dir, std::string where = {});

  const std::filesystem::path& dir() const { return dir_; }

  std::filesystem::path suite_file(const std::string& suite, const std::string& slug) const override;
  std::filesystem::path calibration_file(const std::string& slug) const override;
  // The calibration beside a baseline file given by itself (a suite run's
  // --perfgate_baseline=FILE).
  static std::filesystem::path calibration_beside(const std::filesystem::path& baseline_file);

  std::string location(const std::string& suite, const std::string& slug) const override;
  std::optional<Results> load(const std::string& suite, const std::string& slug) const override;
  // Only folders named like a device slug count; InputError for a suite
  // name that could not be part of a path.
  std::vector<std::string> devices_with(const std::string& suite) const override;
  std::string calibration_location(const std::string& slug) const override;
  std::optional<DeviceCalibration> load_calibration(const std::string& slug) const override;
  std::string save_calibration(const DeviceCalibration& calibration) override;
  std::string write(const std::vector<Results>& rounds, const BaselineWrite& how,
                    const BaselineReview& review) override;

 private:
  std::filesystem::path dir_;
  std::string where_;
};

// The store a baseline folder names: the one place that chooses the
// BaselineStore implementation (today FolderBaselineStore), so that a
// front end (the perfgate program, the explain stage) holds a
// BaselineStore and never builds one.  `where` as FolderBaselineStore's.
std::unique_ptr<BaselineStore> open_baseline_store(const std::filesystem::path& dir, const std::string& where = {});

// The slugs a device's baselines may be kept under, best first: its own,
// then, for a CPU whose identity is known, the one it had before perfgate
// kept the identity ("cpu-<name>"): a baseline there was written with a
// partial identity, and is read as this device's with a note (issue 40)
// until one is recorded under the new slug.
std::vector<std::string> baseline_slugs(const Fingerprint& device);

// The first of `device`'s baseline_slugs() under which `store` has a
// baseline of `suite`; `device.slug` when none.
std::string baseline_slug(const BaselineStore& store, const std::string& suite, const Fingerprint& device);

}  // namespace perfgate
