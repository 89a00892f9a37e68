#pragma once
// A step that coincides with a swap of the machine under one testbed name
// (issue 45 item 3): the runs of the testbed at the change's last good
// commit measured on one device, those at its first commit at the new level
// on another (each run's own fingerprint, runs.fingerprint, schema version
// 4).  Such a step is the environment's as much as the code's: it is marked
// so (Change::cause, Change::cause_detail naming both devices), never a
// standing regression, and `perfgate bisect` on one runner tells whether the
// code moved too.  Where both commits ran on both devices, or a side's runs
// keep no fingerprint (stored before version 4), nothing is said.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "perfgate/history/changes.hpp"
#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::history {

class RunnerChanges {
 public:
  explicit RunnerChanges(sql::Connection& db) : db_(db) {}

  // Marks each placed step of the code in `changes` whose runner changed;
  // returns how many it marked.
  std::size_t mark(std::vector<Change>& changes);

  // "cpu-a (A CPU) -> cpu-b (B CPU)" where the devices of `testbed`'s runs
  // at the two commits share none; none otherwise.
  std::optional<std::string> between(const std::string& testbed, const std::string& before_commit,
                                     const std::string& commit);

 private:
  void load();

  sql::Connection& db_;
  bool loaded_ = false;
  std::map<std::pair<std::string, std::string>, std::set<std::string>> devices_;  // (testbed, commit): devices
};

}  // namespace perfgate::history
