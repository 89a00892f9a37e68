#pragma once
// How far a case moves between runs (rounds, or runs in a history): the one
// type for it, whether the gate measured it from rounds or the history
// store measured it over a testbed's recent runs (recent_run_spread).

#include <cstddef>
#include <optional>

namespace perfgate {

// Where the between-run spread s of an interval came from.
enum class RunSpreadSource {
  none,     // the floor is off and the baseline is one round: no term
  floor,    // GateSettings::min_run_spread_pct, assumed
  rounds,   // measured between the baseline's rounds
  history,  // measured over the case's recent runs (GateSettings::history_*)
  noise,    // the current run's spread beyond its baseline's: the machine moved during the run
};

const char* to_string(RunSpreadSource source);

struct RunSpread {
  double sd = 0.0;  // of a run's effect on log times
  RunSpreadSource source = RunSpreadSource::none;
  std::size_t runs = 0;  // rounds or history runs it was measured over
  // What the history said when it was not believed (above
  // kMaxHistoryRunSpread): the case was judged as if no history were given.
  std::optional<double> implausible_history_sd;
};

}  // namespace perfgate
