#pragma once
// A suite binary's run history (--perfgate_history=URL): opened and checked
// before anything is measured (a bad URL, an unreachable server or a schema
// from the future stop the run at once, exit 2), read for each case's
// run-to-run spread on this testbed, and given this run afterwards.

#include <memory>
#include <string>

#include "perfgate/compare/run_spread_history.hpp"
#include "perfgate/model/results.hpp"
#include "perfgate/sql/sql_connection.hpp"

namespace perfgate {

class RunHistory {
 public:
  RunHistory(const std::string& url, std::string kind);

  // The recent spread of each of `current`'s cases on its testbed.
  RunSpreadHistory spreads(const Results& current);

  // Stores the run (its kind as given); a run stored before is not stored
  // again.  Prints one line saying where it went.
  void record(const Results& current);

 private:
  std::unique_ptr<sql::Connection> db_;
  std::string kind_;
};

}  // namespace perfgate
