// change_events: steps of one testbed at one commit that move 3 or more
// series together are one event, the code's or the environment's, with the
// median change; drifts, other testbeds and smaller groups are not.

#include "perfgate/history/change_events.hpp"

#include <gtest/gtest.h>

namespace perfgate::history {
namespace {

Change step(const std::string& suite, const std::string& benchmark, const std::string& commit, double pct,
            const std::string& testbed = "runner-a", ChangeCause cause = ChangeCause::code,
            const std::string& at = "2026-11-20T10:00:00Z") {
  Change c;
  c.suite = suite;
  c.benchmark = benchmark;
  c.testbed = testbed;
  c.commit = commit;
  c.ordinal = 42;
  c.cause = cause;
  c.created_utc = at;
  c.before_created_utc = "2026-11-19T10:00:00Z";
  c.change_pct = pct;
  return c;
}

TEST(ChangeEvents, OneCommitThatMovedManySeriesIsOneEventWithItsMedian) {
  std::vector<Change> changes = {step("io", "read", "abc", -50.0),  step("io", "write", "abc", -52.0),
                                 step("net", "send", "abc", -60.0), step("net", "recv", "abc", +5.0),
                                 step("io", "seek", "def", +20.0),  step("io", "open", "abc", -55.0, "runner-b")};
  Change drift = step("io", "stat", "abc", -40.0);
  drift.shape = ChangeShape::drift;
  changes.push_back(drift);
  Change unplaced = step("io", "chmod", "abc", -45.0);
  unplaced.placed = false;  // somewhere in a range that starts at abc
  changes.push_back(unplaced);
  const std::vector<ChangeEvent> events = change_events(changes);
  ASSERT_EQ(events.size(), 1u) << "def moved one series, runner-b one, and a drift has no one commit";
  const ChangeEvent& e = events[0];
  EXPECT_EQ(e.commit, "abc");
  EXPECT_EQ(e.testbed, "runner-a");
  EXPECT_EQ(e.kind, ChangeCause::code);
  EXPECT_EQ(e.changes, (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_EQ(e.suites, 2u);
  EXPECT_EQ(e.slower, 1u);
  EXPECT_EQ(e.faster, 3u);
  EXPECT_DOUBLE_EQ(e.median_change_pct, -51.0);
  EXPECT_EQ(*e.ordinal, 42);
}

TEST(ChangeEvents, TheMachineMovingUnderOneCommitIsAnEnvironmentEventOfItsOwn) {
  const ChangeCause env = ChangeCause::environment;
  std::vector<Change> changes;
  for (const char* b : {"a", "b", "c", "d"}) changes.push_back(step("s", b, "abc", 12.0, "runner-a", env));
  for (const char* b : {"a", "b", "c"}) changes.push_back(step("s", b, "abc", 9.0));  // the code, at the same commit
  for (const char* b : {"e", "f", "g"})  // the machine moved again later under the same commit
    changes.push_back(step("s", b, "abc", -8.0, "runner-a", env, "2026-11-21T10:00:00Z"));
  const std::vector<ChangeEvent> events = change_events(changes);
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].kind, ChangeCause::environment) << "4 series: the most first";
  EXPECT_EQ(events[0].changes.size(), 4u);
  EXPECT_EQ(events[1].kind, ChangeCause::code) << "3 series at +9%, before 3 at -8%";
  EXPECT_EQ(events[2].created_utc, "2026-11-21T10:00:00Z");
  EXPECT_TRUE(change_events(changes, 5).empty());
}

}  // namespace
}  // namespace perfgate::history
