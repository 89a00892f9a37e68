#pragma once
// Where a suite run's baselines are: the store of --perfgate_baseline_dir
// (baseline_store.hpp), opened once for the whole run and passed down, or
// the one file of --perfgate_baseline.  Baselines and calibrations are read
// through the store's own load: what its location() says only names them
// in messages and reports, and is never opened as a path (a store need not
// keep files).

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "main/main_options.hpp"
#include "perfgate/baselines/baseline_store.hpp"
#include "perfgate/model/fingerprint.hpp"
#include "perfgate/model/results.hpp"
#include "perfgate/platform/distinct_outputs.hpp"

namespace perfgate {

// A baseline as the run found it.
struct FoundBaseline {
  std::optional<Results> results;  // nullopt: none there
  std::string location;            // where it is, for messages
};

class RunBaselines {
 public:
  // --perfgate_baseline's file, or the store of --perfgate_baseline_dir
  // opened here (names that cannot be part of a path there are said to come
  // from that flag), or neither.
  explicit RunBaselines(const MainOptions& options);
  // A store already opened (a test's of another kind) and/or a file.
  RunBaselines(std::unique_ptr<BaselineStore> store, std::filesystem::path file);

  // The slug whose baseline of `suite` this device is gated against: its
  // own, else one it had before (baseline_slug) that holds one; its own with
  // a baseline file.  InputError when neither flag says where baselines are.
  std::string slug_of(const std::string& suite, const Fingerprint& device) const;

  // That baseline: the file (missing or unreadable: InputError), else the
  // store's (none: nullopt; unreadable: InputError).
  FoundBaseline this_device(const std::string& suite, const std::string& slug) const;

  // With a store but no baseline of this device, another device's baseline
  // of the same suite still lets the run report (INCOMPARABLE, never a
  // failure): the first by slug.  None with a baseline file.
  FoundBaseline other_device(const std::string& suite) const;

  // The calibration of device model `slug` (device.json of `perfgate device
  // --calibrate`): the store's, else the one beside the baseline file;
  // nullopt when there is none (or no flag says where).  Its location
  // names it in messages.
  std::optional<DeviceCalibration> calibration(const std::string& slug) const;
  std::string calibration_location(const std::string& slug) const;

  // What the run reads and must not write over (outputs are written by
  // rename): the baseline of `slug` and the calibration of `model_slug`.
  std::vector<NamedPath> inputs(const std::string& suite, const std::string& slug, const std::string& model_slug) const;

  // The store, for the explain stage; null without --perfgate_baseline_dir.
  const BaselineStore* store() const { return store_.get(); }

 private:
  std::unique_ptr<BaselineStore> store_;
  std::filesystem::path file_;
};

}  // namespace perfgate
