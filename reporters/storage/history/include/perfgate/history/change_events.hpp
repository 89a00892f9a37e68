#pragma once
// Events: changes that moved many series together (issue 45 item 3).  A
// runner swap or one commit that touches a shared path moves hundreds of
// series at once; a team needs "commit X moved 238 series, median -52%"
// before the 238 lines.  An event groups the steps of one testbed at one
// commit (the first run at the new level), kept apart by cause: code, or
// environment (the level moved between reruns of one commit: changes.hpp);
// environment events are also told apart by the date of their first run at
// the new level.  Drifts and steps the data cannot place have no one commit
// and are never grouped.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/history/changes.hpp"

namespace perfgate::history {

// The fewest series an event moves: fewer are listed as changes only.
inline constexpr std::size_t kEventMinSeries = 3;

struct ChangeEvent {
  std::string testbed;
  ChangeCause kind = ChangeCause::code;
  std::string cause_detail;             // environment: why, where not reruns ("the runner changed: a -> b")
  std::string commit;                   // the first run at the new level
  std::optional<std::int64_t> ordinal;
  std::string created_utc;              // the first run at the new level (environment: when the machine moved)
  std::string before_created_utc;       // the last run at the old level (the earliest among the series)
  std::size_t suites = 0;               // distinct suites among the series
  std::size_t slower = 0;               // series whose change is > 0
  std::size_t faster = 0;
  double median_change_pct = 0.0;       // median of the series' change_pct
  std::vector<std::size_t> changes;     // indices into the list given, in its order
};

// The events among `changes` (one answer's list, in any order), those that
// move the most series first (ties: the larger |median change| first).
std::vector<ChangeEvent> change_events(const std::vector<Change>& changes, std::size_t min_series = kEventMinSeries);

}  // namespace perfgate::history
