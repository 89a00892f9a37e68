#pragma once
// What a run history knows about how far each case moves between runs on
// this testbed (perfgate::history's recent_run_spread, read by the suite
// binary), for compare_results(): the gate then widens each case's
// interval by its measured run-to-run spread instead of the assumed floor,
// and says which it used.

#include <cstddef>
#include <map>
#include <string>

#include "perfgate/gate/gate_settings.hpp"
#include "perfgate/gate/run_spread.hpp"

namespace perfgate {

struct RunSpreadHistory {
  std::string origin;    // "perfgate-history.sqlite, testbed cpu-amd-epyc-2cpu"
  std::map<std::string, RunSpread> by_benchmark;  // recent_run_spread's: source history
};

// `settings` for one case: with its history's spread when `history` has one.
GateSettings case_settings(const GateSettings& settings, const RunSpreadHistory* history, const std::string& name);

}  // namespace perfgate
