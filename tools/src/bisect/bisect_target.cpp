#include "bisect/bisect_target.hpp"

#include <cstdio>

#include "perfgate/history/changes.hpp"
#include "perfgate/history/triage_cache.hpp"
#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate::cli {
namespace {

bool starts(const std::string& commit, const std::string& prefix) {
  return !prefix.empty() && commit.rfind(prefix, 0) == 0;
}

std::string describe(const history::Change& c) {
  char change[32];
  std::snprintf(change, sizeof change, "%+.1f%%", c.change_pct);
  const bool ranged = c.shape == history::ChangeShape::drift || !c.placed;
  return std::string("the ") + history::to_string(c.shape) + " of " + change + " at " + c.commit.substr(0, 12) +
         (ranged ? ".." + c.end_commit.substr(0, 12) : "") + " (history changes, testbed " + c.testbed + ")";
}

}  // namespace

BisectTarget target_from_history(sql::Connection& db, const std::string& suite, const std::string& benchmark,
                                 const std::string& testbed, const std::string& at) {
  const history::SeriesFilter filter{benchmark_filter_for({benchmark}), testbed, {}, "main"};
  history::TriageOptions options;  // the stored answers, re-examined where runs are new; nothing written
  const auto answers = history::triage_series(db, filter, stats::ChangePointSettings{}, options);
  const history::Change* chosen = nullptr;
  std::size_t changes = 0;
  for (const history::SeriesAnswer& answer : answers) {
    if (answer.key.suite != suite || answer.key.benchmark != benchmark) continue;
    for (const history::Change& c : answer.changes) {
      ++changes;
      if (c.cause == history::ChangeCause::environment || c.before_commit.empty()) continue;
      if (!at.empty() ? (starts(c.commit, at) || starts(c.end_commit, at))
                      : (!chosen || c.created_utc > chosen->created_utc))
        chosen = &c;
    }
  }
  const std::string series = suite + "/" + benchmark + (testbed.empty() ? "" : " on " + testbed);
  if (!chosen) {
    if (changes == 0) throw InputError("--history: " + series + " has no change (perfgate history changes)");
    throw InputError("--history: " + series + " has no change of the code " +
                     (at.empty() ? std::string("with a run before it") : "at " + at) +
                     " (a change between reruns of one commit is the machine's: nothing to bisect)");
  }
  return {chosen->before_commit, chosen->end_commit, describe(*chosen), chosen->change_pct > 0.0};
}

}  // namespace perfgate::cli
