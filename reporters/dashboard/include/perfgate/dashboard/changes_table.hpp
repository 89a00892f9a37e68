#pragma once
// Changes as an HTML table: benchmark (linking to its trend page), testbed,
// what happened (a step; a drift over a range of commits; a step a later
// one takes back, a bump's edge; what perfgate bisect found), commit (a link with --commit-url, and
// its range with --compare-url),
// ordinal, before, after, change and p-value, in the order given.

#include <optional>
#include <string>
#include <vector>

#include "perfgate/dashboard/commit_link.hpp"
#include "perfgate/history/bisection_record.hpp"
#include "perfgate/history/changes.hpp"

namespace perfgate::dashboard {

struct ListedChange {
  history::Change change;
  std::string undone_at;  // a bump's edge: the commit of the step that takes it back; empty otherwise
  std::string undoes;     // a bump's second edge: the commit of the step it takes back; empty otherwise
  std::string from_commit;  // the last run's before the change: its range is from_commit..commit (a drift: ..end_commit)
  std::optional<history::BisectionRecord> bisection;  // what perfgate bisect found for it (bisection_for)
};

// One series' changes (series_changes()'s answer, whose undone_by are
// positions in it) with their bump partners named by commit.
std::vector<ListedChange> listed_changes(const std::vector<history::Change>& series_changes);

// `root` is the site's root relative to the page the table is on ("" or "../").
// With --compare-url, each change links its range of commits (from_commit
// to its commit), unless both are one commit.
std::string changes_table(const std::vector<ListedChange>& changes, const std::string& root, const RepositoryLinks& links);

}  // namespace perfgate::dashboard
