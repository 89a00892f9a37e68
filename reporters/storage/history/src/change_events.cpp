#include "perfgate/history/change_events.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "perfgate/stats/summary.hpp"

namespace perfgate::history {
namespace {

// Steps at one commit on one testbed, of one cause; an environment step is
// also dated (two moves of the machine under one commit are two events).
using EventKey = std::tuple<std::string, ChangeCause, std::string, std::string, std::string>;

EventKey key_of(const Change& c) {
  return {c.testbed, c.cause, c.commit, c.cause == ChangeCause::environment ? c.created_utc : std::string(),
          c.cause_detail};
}

ChangeEvent event_of(const std::vector<Change>& changes, std::vector<std::size_t> members) {
  const Change& first = changes[members.front()];
  ChangeEvent e;
  e.testbed = first.testbed;
  e.kind = first.cause;
  e.cause_detail = first.cause_detail;
  e.commit = first.commit;
  e.ordinal = first.ordinal;
  e.created_utc = first.created_utc;
  e.before_created_utc = first.before_created_utc;
  std::set<std::string> suites;
  std::vector<double> percents;
  for (const std::size_t i : members) {
    const Change& c = changes[i];
    suites.insert(c.suite);
    percents.push_back(c.change_pct);
    (c.change_pct > 0 ? e.slower : e.faster) += 1;
    if (!c.before_created_utc.empty() && (e.before_created_utc.empty() || c.before_created_utc < e.before_created_utc))
      e.before_created_utc = c.before_created_utc;
  }
  e.suites = suites.size();
  e.median_change_pct = stats::median(percents);
  e.changes = std::move(members);
  return e;
}

}  // namespace

std::vector<ChangeEvent> change_events(const std::vector<Change>& changes, std::size_t min_series) {
  std::map<EventKey, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < changes.size(); ++i)
    if (changes[i].shape == ChangeShape::step && changes[i].placed && !changes[i].commit.empty())
      groups[key_of(changes[i])].push_back(i);
  std::vector<ChangeEvent> events;
  for (auto& [key, members] : groups)
    if (members.size() >= std::max<std::size_t>(min_series, 1)) events.push_back(event_of(changes, std::move(members)));
  std::stable_sort(events.begin(), events.end(), [](const ChangeEvent& a, const ChangeEvent& b) {
    if (a.changes.size() != b.changes.size()) return a.changes.size() > b.changes.size();
    return std::fabs(a.median_change_pct) > std::fabs(b.median_change_pct);
  });
  return events;
}

}  // namespace perfgate::history
