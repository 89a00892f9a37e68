#include "perfgate/gate/run_spread_history.hpp"

namespace perfgate {

GateSettings case_settings(const GateSettings& settings, const RunSpreadHistory* history, const std::string& name) {
  GateSettings s = settings;
  if (!history) return s;
  if (const auto it = history->by_benchmark.find(name); it != history->by_benchmark.end()) {
    s.history_run_spread_sd = it->second.sd;
    s.history_runs = it->second.runs;
  }
  return s;
}

}  // namespace perfgate
