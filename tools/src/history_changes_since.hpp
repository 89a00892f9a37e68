#pragma once
// `perfgate history changes --since REV|DATE`: which of the triage's
// changes are new.  The series are judged whole (a change needs runs on
// both sides, so a series cut at the date could not show a step just after
// it: a nightly alert asking about one day would never hear of one); the
// changes are then kept where their first run at the new level is at or
// after a date, or after a commit's last main-line run.

#include <cstdint>
#include <optional>
#include <string>

#include "perfgate/history/changes.hpp"
#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::cli {

class ChangesSince {
 public:
  ChangesSince() = default;  // every change

  // `text` a date ("2026-11-01", "2026-11-01T12:00:00Z") or a commit (its
  // full hash or a prefix of 4 or more characters) of a main-line run in
  // `db`; InputError naming --since otherwise, or for a prefix that names
  // two commits.
  static ChangesSince parse(sql::Connection& db, const std::string& text);

  // Whether `change` is new: after the commit by ordinal where both have
  // one, else by date; a change whose date cannot be read counts as new
  // (an alert errs toward being heard).
  bool admits(const history::Change& change) const;

  const std::string& text() const { return text_; }  // empty: every change

 private:
  std::string text_;
  std::optional<std::int64_t> from_time_;      // a date: at or after it
  std::optional<std::int64_t> after_time_;     // a commit: after its last run
  std::optional<std::int64_t> after_ordinal_;  // a commit's ordinal, where its runs have one
};

// A change an alert fails on: slower (change_pct > 0), not undone by a
// later change of its series, and the code's (not a move of the machine
// between reruns of one commit, which no commit can fix).
bool is_standing_regression(const history::Change& change);

}  // namespace perfgate::cli
