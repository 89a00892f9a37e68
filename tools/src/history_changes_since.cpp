#include "history_changes_since.hpp"

#include "perfgate/history/commit_runs.hpp"
#include "perfgate/history/run_record.hpp"
#include "perfgate/history/series.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate::cli {
namespace {

// A prefix shorter than this would name most of a history's commits.
constexpr std::size_t kShortestCommitPrefix = 4;

bool looks_like_date(const std::string& text) {
  return text.size() >= 10 && text[4] == '-' && text[7] == '-';
}

}  // namespace

ChangesSince ChangesSince::parse(sql::Connection& db, const std::string& text) {
  ChangesSince since;
  since.text_ = text;
  if (looks_like_date(text)) {
    since.from_time_ = history::parse_since(text, "--since");
    return since;
  }
  if (text.size() < kShortestCommitPrefix)
    throw InputError("--since " + quote_text(text) + ": expected a date (YYYY-MM-DD) or a commit of " +
                     std::to_string(kShortestCommitPrefix) + " or more characters");
  const std::vector<history::CommitRuns> commits = history::main_line_commits(db, text);
  if (commits.empty())
    throw InputError("--since " + quote_text(text) +
                     ": neither a date (YYYY-MM-DD) nor the commit of a main-line run in the history");
  if (commits.size() > 1)
    throw InputError("--since " + quote_text(text) + ": names " + std::to_string(commits.size()) +
                     " commits of the history; give more of the hash");
  since.after_ordinal_ = commits[0].ordinal;
  since.after_time_ = commits[0].run_time;
  return since;
}

bool ChangesSince::admits(const history::Change& change) const {
  if (after_ordinal_ && change.ordinal) return *change.ordinal > *after_ordinal_;
  const std::optional<std::int64_t> when = history::epoch_seconds(change.created_utc);
  if (!when) return true;
  if (from_time_) return *when >= *from_time_;
  if (after_time_) return *when > *after_time_;
  return true;
}

bool is_standing_regression(const history::Change& change) {
  return change.change_pct > 0.0 && !change.undone_by && change.cause == history::ChangeCause::code;
}

}  // namespace perfgate::cli
