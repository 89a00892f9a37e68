// perfgate history changes: where each series stepped or drifted,
// regressions first.  The triage's answers are kept in the history
// (history/triage_cache.hpp): a series without new runs is read as it was
// found, one with new runs is re-examined over its recent tail, and --full
// re-examines every series from its first run.  --since keeps the changes
// after a date or commit (history_changes_since.hpp); --fail-on regression
// makes a standing regression exit 1, for a scheduled job's alert.

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "history_changes_since.hpp"
#include "history_database.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/history/bisection_record.hpp"
#include "perfgate/history/change_events.hpp"
#include "perfgate/history/changes.hpp"
#include "perfgate/history/open_history.hpp"
#include "perfgate/history/runner_change.hpp"
#include "perfgate/history/triage_cache.hpp"
#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/sql/database_url.hpp"
#include "perfgate/reports/text_table.hpp"

namespace perfgate::cli {
namespace {

std::string percent(double value) { return format_percent(value, 2); }

std::string probability(double p) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2g", p);
  return text;
}

std::string ordinal_text(const std::optional<std::int64_t>& ordinal) { return ordinal ? std::to_string(*ordinal) : "-"; }

// A drift, or a step the data cannot place: a range of runs.
bool ranged(const history::Change& c) { return c.shape == history::ChangeShape::drift || !c.placed; }

// "abc123" for a step, "abc123..def456" for a range (its first and last
// run), "reruns of abc123" where the machine moved between runs of one commit.
std::string commits_text(const history::Change& c) {
  const std::string first = printable_text(c.commit.substr(0, 12));
  if (c.cause == history::ChangeCause::environment && c.cause_detail.empty()) return "reruns of " + first;
  if (!ranged(c)) return first;
  return first + ".." + printable_text(c.end_commit.substr(0, 12));
}

std::string ordinals_text(const history::Change& c) {
  if (!ranged(c)) return ordinal_text(c.ordinal);
  return ordinal_text(c.ordinal) + ".." + ordinal_text(c.end_ordinal);
}

// "step", "drift", or "step, unplaced" (somewhere in its range).
std::string shape_text(const history::Change& c) {
  return std::string(history::to_string(c.shape)) + (c.shape == history::ChangeShape::step && !c.placed ? ", unplaced" : "");
}

// A range's width: "30 runs, 12 commits"; "" for a step at one commit.
std::string width_text(const history::Change& c) {
  if (!ranged(c)) return "";
  return std::to_string(c.runs_spanned) + " runs, " + std::to_string(c.commits_spanned) + " commits";
}

// A bump edge: "undone at <commit>" where a later change of the series
// takes it back.  `changes` is the triage's list, whose undone_by indexes
// each series' own answer: the series' changes in series order.
std::string undone_text(const history::Change& c, const std::vector<const history::Change*>& series) {
  if (!c.undone_by || *c.undone_by >= series.size()) return "";
  return "undone at " + printable_text(series[*c.undone_by]->commit.substr(0, 12));
}

// Each series' changes in series order (the order the answers came in,
// before the triage's sort), for the undone_by indices.
using SeriesChanges = std::vector<std::vector<const history::Change*>>;

// "commit abc123 (ordinal 42)" or "reruns of abc123 at DATE".
std::string event_place(const history::ChangeEvent& e) {
  const std::string commit = printable_text(e.commit.substr(0, 12));
  if (e.kind == history::ChangeCause::environment && !e.cause_detail.empty())
    return "commit " + commit + (e.ordinal ? " (ordinal " + std::to_string(*e.ordinal) + ")" : "") + ", where " +
           printable_text(e.cause_detail);
  if (e.kind == history::ChangeCause::environment)
    return "reruns of " + commit + " between " + printable_text(e.before_created_utc) + " and " +
           printable_text(e.created_utc);
  return "commit " + commit + (e.ordinal ? " (ordinal " + std::to_string(*e.ordinal) + ")" : "");
}

// The events first: what moved many series together, one line each.
void print_events(std::ostream& out, const std::vector<history::ChangeEvent>& events) {
  if (events.empty()) return;
  out << "perfgate: " << events.size() << " event(s) moved " << history::kEventMinSeries
      << " or more series together:\n";
  for (const history::ChangeEvent& e : events)
    out << "  " << event_place(e) << " on " << printable_text(e.testbed) << ": " << e.changes.size() << " series"
        << (e.suites > 1 ? " of " + std::to_string(e.suites) + " suites" : std::string()) << ", median "
        << percent(e.median_change_pct) << " (" << e.slower << " slower, " << e.faster << " faster): "
        << (e.kind == history::ChangeCause::environment ? "environment (the machine moved, not the code)" : "code")
        << "\n";
}

// What `perfgate bisect` found for a change: "first commit with it:
// <commit> (5 builds on <testbed>)", or that bad and good did not differ.
std::string bisection_text(const history::BisectionRecord& b) {
  const std::string where = " (perfgate bisect, " + std::to_string(b.builds) + " builds on " + printable_text(b.testbed) + ")";
  if (b.outcome == "found") return "first commit with the change: " + printable_text(b.first_commit) + where;
  if (b.outcome == "not_reproduced")
    return "did not reproduce between " + printable_text(b.good_commit.substr(0, 12)) + " and " +
           printable_text(b.bad_commit.substr(0, 12)) + where + ": the environment";
  return "narrowed to " + printable_text(b.last_good_commit.substr(0, 12)) + ".." +
         printable_text(b.first_commit.substr(0, 12)) + where;
}

void print_bisections(std::ostream& out, const std::vector<history::Change>& changes,
                      const std::vector<history::BisectionRecord>& bisections) {
  for (const history::Change& c : changes)
    if (const auto b = history::bisection_for(c, bisections))
      out << "perfgate: bisected " << printable_text(c.suite + "/" + c.benchmark) << " (" << commits_text(c)
          << "): " << bisection_text(*b) << "\n";
}

void print_changes(std::ostream& out, const std::vector<history::Change>& changes,
                   const std::vector<history::ChangeEvent>& events, const std::vector<history::BisectionRecord>& bisections,
                   const std::vector<std::size_t>& series_of, const SeriesChanges& by_series,
                   const history::TriageCoverage& coverage, const ChangesSince& since) {
  out << "perfgate: " << changes.size() << " change(s)";
  if (!since.text().empty()) out << " since " << printable_text(since.text());
  out << " in " << coverage.series << " series";
  // "0 change(s)" of series that cannot hold one yet is no all-clear.
  if (coverage.too_short > 0)
    out << "; " << coverage.too_short << " of them with fewer than " << coverage.runs_needed
        << " main-line runs, too few to judge";
  out << "\n";
  if (changes.empty()) return;
  print_events(out, events);
  TextTable table(
      {"benchmark", "testbed", "shape", "cause", "commit", "ordinal", "width", "before", "after", "change", "p", "undone",
       "examined"},
      {false, false, false, false, false, true, false, true, true, true, true, false, false});
  std::size_t reruns = 0, runner = 0, settled = 0;
  for (std::size_t i = 0; i < changes.size(); ++i) {
    const history::Change& c = changes[i];
    const bool environment = c.cause == history::ChangeCause::environment;
    reruns += environment && c.cause_detail.empty() ? 1 : 0;
    runner += environment && !c.cause_detail.empty() ? 1 : 0;
    settled += c.settled ? 1 : 0;
    table.add({printable_text(c.benchmark), printable_text(c.testbed), shape_text(c),
               history::to_string(c.cause), commits_text(c), ordinals_text(c), width_text(c), format_seconds(c.before_s),
               format_seconds(c.after_s), percent(c.change_pct), probability(c.p_value),
               undone_text(c, by_series[series_of[i]]), c.settled ? "earlier" : "now"});
  }
  table.print(out, "  ");
  print_bisections(out, changes, bisections);
  if (settled > 0)
    out << "perfgate: " << settled << " change(s) were kept from an earlier examination (\"earlier\"): they lie "
        << "before the recent runs of their series that this run examined again, so `--full`, which examines every "
           "run, may place them at another commit, measure other levels around them or not find them\n";
  if (reruns > 0)
    out << "perfgate: " << reruns
        << " change(s) lie between reruns of one commit: the machine moved, not the code; no commit is blamed "
           "(their runs' dates: before_created_utc and created_utc in --json)\n";
  if (runner > 0)
    out << "perfgate: " << runner
        << " change(s) coincide with a new runner under their testbed's name (the device its runs name changed; "
           "cause_detail in --json): the machine moved, perhaps the code too; `perfgate bisect` on one runner tells\n";
}

nlohmann::json optional_json(const std::optional<std::int64_t>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

// The schema the issue fixed: {"changes": [{benchmark, testbed, commit,
// ordinal, before_s, after_s, change_pct, p_value}]}, plus the suite, the
// shape and a drift's last run (end_*), and for a bump edge the change that
// undoes it ("undone_by": its commit and ordinal; null otherwise).
// Added for alerts: "since" (the --since text, null without it) and
// "standing_regressions" (the listed changes that are slower, not undone and
// the code's).  Issue 45: "cause" (code, or environment: between reruns of
// one commit) and "before_created_utc" (the last run at the old level);
// "events": the steps of one testbed at one commit that moved at least 3
// series together (history/change_events.hpp), most series first;
// "settled": the change was kept from an earlier examination (--full may
// see it otherwise); "placed" (false: a step somewhere in its range),
// "runs_spanned" and "commits_spanned" (a range's width); "before_commit"
// (the last run's at the old level) and "bisection" (what perfgate bisect
// found for it, history/bisection_record.hpp; null where it has not run).
// The event's changes that are standing regressions (--fail-on regression).
std::size_t standing_in(const history::ChangeEvent& e, const std::vector<history::Change>& changes) {
  std::size_t standing = 0;
  for (const std::size_t i : e.changes) standing += is_standing_regression(changes[i]) ? 1 : 0;
  return standing;
}

nlohmann::json events_json(const std::vector<history::Change>& changes, const std::vector<history::ChangeEvent>& events) {
  nlohmann::json list = nlohmann::json::array();
  for (const history::ChangeEvent& e : events) {
    nlohmann::json benchmarks = nlohmann::json::array();
    for (const std::size_t i : e.changes) benchmarks.push_back({{"suite", changes[i].suite}, {"benchmark", changes[i].benchmark}});
    list.push_back({{"kind", history::to_string(e.kind)},
                    {"cause_detail", e.cause_detail},
                    {"testbed", e.testbed},
                    {"commit", e.commit},
                    {"ordinal", optional_json(e.ordinal)},
                    {"created_utc", e.created_utc},
                    {"before_created_utc", e.before_created_utc},
                    {"series", e.changes.size()},
                    {"suites", e.suites},
                    {"slower", e.slower},
                    {"faster", e.faster},
                    {"median_change_pct", e.median_change_pct},
                    {"standing_regressions", standing_in(e, changes)},
                    {"benchmarks", std::move(benchmarks)}});
  }
  return list;
}

nlohmann::json bisection_json(const history::Change& c, const std::vector<history::BisectionRecord>& bisections) {
  const auto b = history::bisection_for(c, bisections);
  if (!b) return nullptr;
  return {{"outcome", b->outcome},           {"first_commit", b->first_commit}, {"last_good_commit", b->last_good_commit},
          {"good_commit", b->good_commit},   {"bad_commit", b->bad_commit},     {"testbed", b->testbed},
          {"change_pct", b->change_pct},     {"builds", b->builds},             {"created_utc", b->created_utc}};
}

std::string changes_json(const std::vector<history::Change>& changes, const std::vector<history::ChangeEvent>& events,
                         const std::vector<history::BisectionRecord>& bisections, const std::vector<std::size_t>& series_of,
                         const SeriesChanges& by_series, const history::TriageCoverage& coverage,
                         const ChangesSince& since, std::size_t standing_regressions) {
  nlohmann::json list = nlohmann::json::array();
  for (std::size_t i = 0; i < changes.size(); ++i) {
    const history::Change& c = changes[i];
    const auto& series = by_series[series_of[i]];
    nlohmann::json undone = nullptr;
    if (c.undone_by && *c.undone_by < series.size())
      undone = {{"commit", series[*c.undone_by]->commit}, {"ordinal", optional_json(series[*c.undone_by]->ordinal)}};
    list.push_back({{"suite", c.suite},
                    {"benchmark", c.benchmark},
                    {"testbed", c.testbed},
                    {"shape", history::to_string(c.shape)},
                    {"placed", c.placed},
                    {"runs_spanned", c.runs_spanned},
                    {"commits_spanned", c.commits_spanned},
                    {"cause", history::to_string(c.cause)},
                    {"cause_detail", c.cause_detail},
                    {"before_created_utc", c.before_created_utc},
                    {"before_commit", c.before_commit},
                    {"commit", c.commit},
                    {"ordinal", optional_json(c.ordinal)},
                    {"created_utc", c.created_utc},
                    {"end_commit", c.end_commit},
                    {"end_ordinal", optional_json(c.end_ordinal)},
                    {"end_created_utc", c.end_created_utc},
                    {"before_s", c.before_s},
                    {"after_s", c.after_s},
                    {"change_pct", c.change_pct},
                    {"p_value", c.p_value},
                    {"undone_by", undone},
                    {"settled", c.settled},
                    {"bisection", bisection_json(c, bisections)}});
  }
  return nlohmann::json{{"events", events_json(changes, events)},
                        {"changes", list},
                        {"series", coverage.series},
                        {"series_too_short", coverage.too_short},
                        {"runs_needed", coverage.runs_needed},
                        {"since", since.text().empty() ? nlohmann::json(nullptr) : nlohmann::json(since.text())},
                        {"standing_regressions", standing_regressions}}
             .dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
         "\n";
}

// Whether the answers can be stored: a PostgreSQL history (the server says
// no with an error the triage reports), or an SQLite file this process may
// write, with its folder (a history on a read-only mount is only read).
bool may_store(const std::string& url) {
  const sql::DatabaseUrl database = sql::parse_database_url(url);
  if (database.engine == sql::Engine::postgresql) return true;
  const std::filesystem::path file(database.location);
  const std::filesystem::path folder = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
  return ::access(file.c_str(), W_OK) == 0 && ::access(folder.c_str(), W_OK) == 0;
}

// The alert (--fail-on regression): the events that hold standing
// regressions first, one line each ("commit X on T: 238 series slower,
// median +52%"), then how many stand outside any event.
void print_alert(std::ostream& out, const std::vector<history::Change>& changes,
                 const std::vector<history::ChangeEvent>& events, std::size_t standing, const ChangesSince& since) {
  std::size_t in_events = 0;
  for (const history::ChangeEvent& e : events) {
    const std::size_t slower = standing_in(e, changes);
    if (slower == 0) continue;
    in_events += slower;
    out << "perfgate: alert: " << event_place(e) << " on " << printable_text(e.testbed) << ": " << slower
        << " regression(s) standing among its " << e.changes.size() << " series, median " << percent(e.median_change_pct)
        << "\n";
  }
  out << "perfgate: " << standing << " regression(s) not undone"
      << (since.text().empty() ? "" : " since " + printable_text(since.text()))
      << (in_events > 0 ? " (" + std::to_string(standing - in_events) + " outside the events above)" : std::string())
      << ": exit 1 (--fail-on regression)\n";
}

}  // namespace

int run_history_changes(const HistoryChangesOptions& options) {
  const bool store = may_store(options.db);
  const auto db = history::open_history(options.db, store ? sql::Access::read_write : sql::Access::read_only);
  // Every series whole: --since chooses among the changes, not the runs.
  const history::SeriesFilter filter{options.benchmark_regex, options.testbed, {}, "main"};
  const ChangesSince since = options.since.empty() ? ChangesSince{} : ChangesSince::parse(*db, options.since);
  stats::ChangePointSettings settings;
  settings.max_p_value = options.max_p_value;
  history::TriageOptions triage;
  triage.store = store;
  triage.full = options.full;
  history::TriageWork work;
  const std::vector<history::SeriesAnswer> answers = history::triage_series(*db, filter, settings, triage, &work);
  if (!work.not_stored.empty())
    std::cerr << "perfgate: note: the triage's answers were not kept in the history (" << work.not_stored
              << "); the next run computes them again\n";

  // Every change with its series, then the triage's order.
  history::TriageCoverage coverage;
  coverage.runs_needed = 2 * settings.min_segment;
  SeriesChanges by_series(answers.size());
  std::vector<std::pair<const history::Change*, std::size_t>> all;
  for (std::size_t s = 0; s < answers.size(); ++s) {
    ++coverage.series;
    coverage.too_short += answers[s].points < coverage.runs_needed ? 1 : 0;
    for (const history::Change& c : answers[s].changes) {
      by_series[s].push_back(&c);
      all.emplace_back(&c, s);
    }
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const auto& a, const auto& b) { return history::regression_first(*a.first, *b.first); });
  std::vector<history::Change> changes;
  std::vector<std::size_t> series_of;
  std::size_t standing = 0;
  for (const auto& [change, s] : all) {
    if (!since.admits(*change)) continue;
    changes.push_back(*change);
    series_of.push_back(s);
  }
  // A step where the testbed's runner was swapped is the environment's too.
  history::RunnerChanges(*db).mark(changes);
  for (const history::Change& change : changes) standing += is_standing_regression(change) ? 1 : 0;
  const std::vector<history::ChangeEvent> events = history::change_events(changes);
  const std::vector<history::BisectionRecord> bisections = history::load_bisections(*db);
  print_changes(std::cout, changes, events, bisections, series_of, by_series, coverage, since);
  if (!options.json.empty())
    write_file_atomically(options.json, changes_json(changes, events, bisections, series_of, by_series, coverage, since, standing));
  if (options.fail_on != "regression" || standing == 0) return kExitOk;
  print_alert(std::cerr, changes, events, standing, since);
  return kExitRegression;
}

}  // namespace perfgate::cli
