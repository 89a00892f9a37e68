#pragma once
// What a suite run is judged against, chosen once before measuring and
// named once, by reference.hpp's factory: this device's baseline (kept
// under its slug or the one it had before), else the history of main runs
// on this testbed (--perfgate_history), else another device's baseline
// (every case INCOMPARABLE), else nothing (every case NEW).  Without this
// device's baseline the run is NOT GATED, said before measuring
// (baseline_advice.hpp); under --perfgate_require_gated it stops there,
// exit 2, unless every case will be skipped anyway.  Everything is read
// through the run's baselines (run_baselines.hpp), opened once.

#include <optional>
#include <string>
#include <vector>

#include "main/main_options.hpp"
#include "main/run_baselines.hpp"
#include "main/run_history.hpp"
#include "perfgate/gate/reference.hpp"
#include "perfgate/model/fingerprint.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate {

struct RunReference {
  std::optional<Results> baseline;  // what the cases are compared with; nullopt: nothing
  bool another_device = false;      // `baseline` is another device's: needed only if a case is measured
  Reference reference;              // named by reference.hpp's factory
  std::string origin;               // how the comparison names its baseline side
  std::vector<std::string> notes;   // the history's: why it could not stand in, or what it left out
};

// This device's baseline, read before measuring (a bad one stops the run at
// once), after checking that no output of the run would replace it or the
// calibration; a baseline of few rounds is warned about.
FoundBaseline own_baseline(const RunBaselines& baselines, const std::string& suite, const Fingerprint& device,
                           const MainOptions& options);

// The reference from `own` (own_baseline), else `history` (null: none),
// else another device's baseline in `baselines`, else none.
RunReference reference_for_run(FoundBaseline own, const RunBaselines& baselines, RunHistory* history,
                               const std::string& suite, const Fingerprint& device, const MainOptions& options);

}  // namespace perfgate
