#pragma once
// A suite binary's run history (--perfgate_history=URL): opened and checked
// before anything is measured (a bad URL, an unreachable server or a schema
// from the future stop the run at once, exit 2), read for each case's
// run-to-run spread on this testbed, and given this run after the gate has
// decided: the run exits as it would without a history.
//
// The interface only: the store behind it (SQLite, PostgreSQL) is
// perfgate::main_history's (sql_run_history.cpp), part of the installed
// package's History component, so that a suite linked without it needs
// neither libsqlite3 nor libpq.  perfgate_add_suite() links it when it is
// there and names its opener in this_suite (perfgate/runtime/suite_info.hpp).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <memory>
#include <string>
#include <vector>

#include "perfgate/gate/run_spread_history.hpp"
#include "perfgate/model/results.hpp"
#include "perfgate/runtime/suite_info.hpp"

namespace perfgate {

class RunHistory {
 public:
  virtual ~RunHistory() = default;

  // The last `runs` main-line runs of `suite` on the testbed of `device`,
  // each a round of the reference the gate judges this run against when
  // the suite has no baseline of its own device (reference_runs.hpp).
  struct Reference {
    std::vector<Results> rounds;  // empty: too few runs
    std::string origin;           // what the rounds are ("history: last 5 main runs on ...") or why none
    // The runs and case values of the K left out of the rounds, each named
    // with its reason ("history: left out run ...: ..."), for every report.
    std::vector<std::string> notes;
  };
  virtual Reference reference(const Fingerprint& device, const std::string& suite, std::size_t runs) = 0;

  // The recent spread of each of `current`'s cases on its testbed.
  virtual RunSpreadHistory spreads(const Results& current) = 0;

  // Stores the run (its kind as given; at `ordinal` in the main line when
  // one is given); a run stored before is not stored again.  Prints one line
  // saying where it went, or that nothing was measured and so nothing
  // recorded.  Never throws: recording comes after the verdict and never
  // changes it (a failure is a warning).
  virtual void record(const Results& current, std::optional<std::int64_t> ordinal) noexcept = 0;
};

// The history at `url` through this binary's opener (this_suite); an
// InputError naming --perfgate_history when the binary was built without
// the History component.
std::unique_ptr<RunHistory> open_run_history(const std::string& url, const std::string& kind);

}  // namespace perfgate
