#pragma once
// Writing a baseline, the same way for `baseline update` (fresh runs of a
// suite) and `baseline promote` (results files already measured).

#include <filesystem>

#include "perfgate/model/baseline_refresh.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate::cli {

// InputError when the CI variable is set and `force` is not: baselines are
// reviewed changes made by people, never a side effect of a pipeline.
void refuse_in_ci(bool force);

struct BaselineWrite {
  RefreshOptions refresh;
  bool force = false;    // replace an unreadable old baseline
  bool dry_run = false;  // show what would move, write nothing
  std::string origin;    // what was measured, for messages: the promoted files, a suite's rounds
};

// `<baseline_dir>/<device slug>/<suite>.json` for these results; InputError
// when the suite or slug could name anything but a file in that folder.
std::filesystem::path baseline_file(const std::filesystem::path& baseline_dir, const Results& measured);

// Under a lock on the device's baseline folder: loads the old baseline,
// prints what moved against it, and writes the refreshed baseline atomically.
// With `append`, an old baseline from a device the gate calls incomparable is
// an InputError: its rounds and the new ones describe no one machine.
void write_baseline(const Results& measured, const std::filesystem::path& file, const BaselineWrite& how);

}  // namespace perfgate::cli
