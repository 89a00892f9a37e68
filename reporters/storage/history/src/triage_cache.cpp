#include "perfgate/history/triage_cache.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <tuple>
#include <utility>

#include <nlohmann/json.hpp>

#include "perfgate/history/history_schema.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/work_pool.hpp"
#include "perfgate/sql/batch_insert.hpp"

namespace perfgate::history {
namespace {

using sql::Value;
using Json = nlohmann::json;


// A change with where it lies in its series (point indices), which the
// extension needs and Change does not carry.
struct PlacedChange {
  Change change;
  std::size_t first = 0;                  // the change's first point (a drift: its first moved point)
  std::size_t last = 0;                   // a drift: its first point at the new level; a step: first
  std::optional<std::size_t> undone_at;   // the first point of the change that undoes it
};

struct StoredAnswer {
  std::string settings;
  std::size_t points = 0;
  std::string last_run_id;
  std::int64_t reordered = 0;
  std::vector<PlacedChange> changes;
};

struct SeriesState {
  std::size_t points = 0;
  std::int64_t reordered = 0;
};

using Key = std::tuple<std::string, std::string, std::string>;  // suite, testbed, benchmark
Key key_of(const SeriesKey& k) { return {k.suite, k.testbed, k.benchmark}; }

Json optional_json(const std::optional<std::int64_t>& v) { return v ? Json(*v) : Json(nullptr); }
std::optional<std::int64_t> optional_integer(const Json& j) {
  return j.is_number_integer() ? std::optional<std::int64_t>(j.get<std::int64_t>()) : std::nullopt;
}

Json to_json(const PlacedChange& p) {
  const Change& c = p.change;
  return {{"shape", to_string(c.shape)}, {"cause", to_string(c.cause)}, {"before_created_utc", c.before_created_utc},
          {"before_commit", c.before_commit}, {"commit", c.commit}, {"ordinal", optional_json(c.ordinal)},
          {"created_utc", c.created_utc}, {"end_commit", c.end_commit}, {"end_ordinal", optional_json(c.end_ordinal)},
          {"end_created_utc", c.end_created_utc}, {"before_s", c.before_s}, {"after_s", c.after_s},
          {"change_pct", c.change_pct}, {"p_value", c.p_value}, {"first", p.first}, {"last", p.last},
          {"undone_at", p.undone_at ? Json(*p.undone_at) : Json(nullptr)}, {"settled", c.settled},
          {"placed", c.placed}, {"runs_spanned", c.runs_spanned}, {"commits_spanned", c.commits_spanned}};
}

PlacedChange from_json(const Json& j, const SeriesKey& key) {
  PlacedChange p;
  Change& c = p.change;
  c.suite = key.suite;
  c.testbed = key.testbed;
  c.benchmark = key.benchmark;
  c.shape = j.at("shape").get<std::string>() == "drift" ? ChangeShape::drift : ChangeShape::step;
  // An answer stored before causes were told apart has no "cause": at()
  // throws, and the series is examined again (stored_answers).
  c.cause = j.at("cause").get<std::string>() == "environment" ? ChangeCause::environment : ChangeCause::code;
  c.before_created_utc = j.at("before_created_utc").get<std::string>();
  // Likewise an answer stored before a change named its last good commit.
  c.before_commit = j.at("before_commit").get<std::string>();
  c.settled = j.at("settled").get<bool>();
  c.placed = j.at("placed").get<bool>();
  c.runs_spanned = j.at("runs_spanned").get<std::size_t>();
  c.commits_spanned = j.at("commits_spanned").get<std::size_t>();
  c.commit = j.at("commit").get<std::string>();
  c.ordinal = optional_integer(j.at("ordinal"));
  c.created_utc = j.at("created_utc").get<std::string>();
  c.end_commit = j.at("end_commit").get<std::string>();
  c.end_ordinal = optional_integer(j.at("end_ordinal"));
  c.end_created_utc = j.at("end_created_utc").get<std::string>();
  c.before_s = j.at("before_s").get<double>();
  c.after_s = j.at("after_s").get<double>();
  c.change_pct = j.at("change_pct").get<double>();
  c.p_value = j.at("p_value").get<double>();
  p.first = j.at("first").get<std::size_t>();
  p.last = j.at("last").get<std::size_t>();
  if (j.at("undone_at").is_number_unsigned()) p.undone_at = j.at("undone_at").get<std::size_t>();
  return p;
}

// indexed_changes()'s answer on a part of a series whose first point is
// the series' point `offset`.
std::vector<PlacedChange> place(std::vector<IndexedChange> changes, std::size_t offset) {
  std::vector<PlacedChange> placed;
  placed.reserve(changes.size());
  for (IndexedChange& c : changes) placed.push_back({std::move(c.change), offset + c.first, offset + c.last, std::nullopt});
  for (PlacedChange& p : placed)
    if (p.change.undone_by && *p.change.undone_by < placed.size()) p.undone_at = placed[*p.change.undone_by].first;
  return placed;
}

// The answer as Change values: undone_by from the first point of the change
// that undoes it (a link to a change no longer in the answer is dropped).
std::vector<Change> changes_of(const std::vector<PlacedChange>& placed) {
  std::map<std::size_t, std::size_t> at;
  for (std::size_t i = 0; i < placed.size(); ++i) at.emplace(placed[i].first, i);
  std::vector<Change> changes;
  for (const PlacedChange& p : placed) {
    Change c = p.change;
    c.undone_by.reset();
    if (p.undone_at) {
      const auto found = at.find(*p.undone_at);
      if (found != at.end()) c.undone_by = found->second;
    }
    changes.push_back(std::move(c));
  }
  return changes;
}

std::map<Key, SeriesState> series_states(sql::Connection& db, const SeriesFilter& filter) {
  std::map<Key, SeriesState> states;
  for (const sql::Row& row : db.query("SELECT suite, testbed, benchmark, points, reordered FROM series WHERE kind = ?",
                                      {filter.kind}))
    states[{sql::as_text(row[0]), sql::as_text(row[1]), sql::as_text(row[2])}] = {static_cast<std::size_t>(sql::as_integer(row[3])), sql::as_integer(row[4])};
  return states;
}

std::map<Key, StoredAnswer> stored_answers(sql::Connection& db, const SeriesFilter& filter) {
  std::map<Key, StoredAnswer> answers;
  for (const sql::Row& row : db.query("SELECT suite, testbed, benchmark, settings, points, last_run_id, reordered, "
                                      "changes FROM triage_answers WHERE kind = ?",
                                      {filter.kind})) {
    const SeriesKey key{sql::as_text(row[0]), sql::as_text(row[1]), sql::as_text(row[2])};
    StoredAnswer answer{sql::as_text(row[3]), static_cast<std::size_t>(sql::as_integer(row[4])), sql::as_text(row[5]), sql::as_integer(row[6]), {}};
    const Json list = Json::parse(sql::as_text(row[7]), nullptr, false);
    if (!list.is_array()) continue;  // unreadable: recomputed
    try {
      for (const Json& j : list) answer.changes.push_back(from_json(j, key));
    } catch (const Json::exception&) {
      continue;
    }
    answers.emplace(key_of(key), std::move(answer));
  }
  return answers;
}

// One series' work: its key, what is stored of it, and the answer.
struct Job {
  SeriesKey key;
  const StoredAnswer* stored = nullptr;  // extendable when set
  std::size_t points = 0;
  std::string last_run_id;
  std::vector<PlacedChange> changes;
  bool computed = false;                 // to be stored
};

// Extensions whose windows start this many runs apart at most are read
// together: a few older points more for some, one read for all.
constexpr std::size_t kWindowSlack = 16;

class Triage {
 public:
  Triage(sql::Connection& db, const SeriesFilter& filter, const stats::ChangePointSettings& settings,
         const TriageOptions& options)
      : db_(db), filter_(filter), settings_(settings), options_(options),
        window_(options.recheck_runs > 0 ? options.recheck_runs : default_recheck_runs(settings)),
        guard_(2 * settings.min_segment) {}

  // Full recomputes of `jobs` (one suite and testbed): this thread reads
  // each batch, `pool` runs the detector on it while the next is read (the
  // tasks look up only the reader's runs, which reading does not change).
  void recompute(SeriesReader& reader, const std::vector<Job*>& jobs, WorkPool& pool) {
    std::vector<std::string> names;
    for (const Job* job : jobs) names.push_back(job->key.benchmark);
    reader.read_values(names, 0, [&](std::size_t first, std::vector<SeriesReader::Values>&& series) {
      for (std::size_t i = 0; i < series.size(); ++i)
        pool.submit([this, &reader, job = jobs[first + i], values = std::move(series[i])] { compute_whole(reader, *job, values); });
    });
  }

  // Extensions of `jobs`: each reads the runs from its window on (those
  // whose windows start within kWindowSlack runs are read together, from
  // the earliest).  One that cannot be extended is left uncomputed, for a
  // full recompute after.
  void extend(SeriesReader& reader, std::vector<Job*>& jobs, WorkPool& pool) {
    std::sort(jobs.begin(), jobs.end(), [&](const Job* a, const Job* b) { return first_run(reader, *a) < first_run(reader, *b); });
    for (std::size_t begin = 0; begin < jobs.size();) {
      const std::size_t from = first_run(reader, *jobs[begin]);
      std::size_t end = begin;
      std::vector<std::string> names;
      for (; end < jobs.size() && first_run(reader, *jobs[end]) <= from + kWindowSlack; ++end) names.push_back(jobs[end]->key.benchmark);
      reader.read_values(names, from, [&](std::size_t first, std::vector<SeriesReader::Values>&& tails) {
        for (std::size_t i = 0; i < tails.size(); ++i)
          pool.submit([this, &reader, job = jobs[begin + first + i], tail = std::move(tails[i])] { extend_one(reader, *job, tail); });
      });
      begin = end;
    }
  }

 private:
  // The first run an extension reads: `window_` runs before the stored last
  // run, so that a series with a point in every run has window_ old points.
  std::size_t first_run(const SeriesReader& reader, const Job& job) const {
    const std::size_t last = reader.position_of(job.stored->last_run_id);
    if (last >= reader.runs()) return 0;
    return last + 1 > window_ ? last + 1 - window_ : 0;
  }

  // The changes of points [begin, end) of `values`, placed as points of the
  // series from `offset` on.
  std::vector<PlacedChange> changes_in(const SeriesReader& reader, const Job& job, const SeriesReader::Values& values,
                                       std::size_t begin, std::size_t offset) const {
    const std::span<const double> medians = std::span<const double>(values.medians).subspan(begin);
    const auto run_of = [&](std::size_t i) -> const SeriesPoint& { return reader.run(values.positions[begin + i]); };
    return place(indexed_changes(job.key, medians, run_of, settings_), offset);
  }

  void compute_whole(const SeriesReader& reader, Job& job, const SeriesReader::Values& values) {
    job.changes = changes_in(reader, job, values, 0, 0);
    job.points = values.positions.size();
    job.last_run_id = values.positions.empty() ? "" : reader.run(values.positions.back()).run_id;
    job.computed = true;
  }

  // `tail`: the series' points from some run on.  False (and the job left
  // uncomputed) when the stored answer cannot be extended from it.
  bool extend_one(const SeriesReader& reader, Job& job, const SeriesReader::Values& tail) {
    const StoredAnswer& stored = *job.stored;
    const std::size_t size = tail.positions.size();
    std::size_t old_in_tail = size;
    while (old_in_tail > 0 && reader.run(tail.positions[old_in_tail - 1]).run_id != stored.last_run_id) --old_in_tail;
    if (old_in_tail == 0 || old_in_tail > stored.points) return false;  // its last run is gone or not where it was
    const std::size_t tail_start = stored.points - old_in_tail;        // the series index of tail[0]
    const std::size_t total = stored.points + (size - old_in_tail);
    if (total <= window_) return false;  // the window is the whole series
    const std::size_t start = total - window_;
    if (start < tail_start) return false;  // a series without a point in every run: read whole
    for (const PlacedChange& p : stored.changes)
      if (p.last + guard_ > start && p.first < start + guard_) return false;  // the window's start would cut it
    std::vector<PlacedChange> changes;
    for (const PlacedChange& p : stored.changes)
      if (p.first < start) {
        changes.push_back(p);
        changes.back().change.settled = true;  // not examined again: --full may see it otherwise
      }
    for (PlacedChange& p : changes_in(reader, job, tail, start - tail_start, start)) changes.push_back(std::move(p));
    job.changes = std::move(changes);
    job.points = total;
    job.last_run_id = reader.run(tail.positions.back()).run_id;
    job.computed = true;
    return true;
  }

  sql::Connection& db_;
  SeriesFilter filter_;
  stats::ChangePointSettings settings_;
  TriageOptions options_;
  std::size_t window_;
  std::size_t guard_;
};

void store_answers(sql::Connection& db, const std::vector<Job>& jobs, const std::string& kind, const std::string& settings,
                   const std::map<Key, SeriesState>& states) {
  sql::Transaction transaction(db);
  sql::BatchInsert rows(db, "triage_answers (suite, testbed, kind, benchmark, settings, points, last_run_id, reordered, "
                            "changes)", 9,
                        "ON CONFLICT (suite, testbed, kind, benchmark) DO UPDATE SET settings = excluded.settings, "
                        "points = excluded.points, last_run_id = excluded.last_run_id, reordered = excluded.reordered, "
                        "changes = excluded.changes");
  for (const Job& job : jobs) {
    if (!job.computed || job.points == 0) continue;
    const auto state = states.find(key_of(job.key));
    // The answer was computed from the points read, which an ingest between
    // the two reads may have outgrown: then it is stored as of its own
    // count, and read as stale next time.
    const std::int64_t reordered = state == states.end() ? 0 : state->second.reordered;
    Json list = Json::array();
    for (const PlacedChange& p : job.changes) list.push_back(to_json(p));
    rows.add({job.key.suite, job.key.testbed, kind, job.key.benchmark, settings, static_cast<std::int64_t>(job.points),
              job.last_run_id, reordered, list.dump()});
  }
  rows.flush();
  transaction.commit();
}

}  // namespace

std::size_t default_recheck_runs(const stats::ChangePointSettings& settings) {
  return 2 * std::max(settings.max_bump_width, settings.shape.max_span) + 4 * settings.min_segment;
}

std::string settings_text(const stats::ChangePointSettings& s) {
  char text[256];
  std::snprintf(text, sizeof text, "p=%.17g min=%zu rank=%.17g bump_p=%.17g bump_w=%zu ramp=%.17g,%zu,%zu,%zu",
                s.max_p_value, s.min_segment, s.max_rank_p_value, s.max_bump_p_value, s.max_bump_width,
                s.shape.min_evidence, s.shape.min_inner, s.shape.min_flat, s.shape.max_span);
  return text;
}

std::vector<SeriesAnswer> triage_series(sql::Connection& db, const SeriesFilter& filter,
                                        const stats::ChangePointSettings& settings, const TriageOptions& options,
                                        TriageWork* work) {
  const std::vector<SeriesKey> keys = list_series(db, filter);
  const bool kept = stored_schema_version(db) >= 2 && !filter.since;  // a part of each series is never stored
  const std::string wanted = settings_text(settings);
  std::map<Key, SeriesState> states;
  std::map<Key, StoredAnswer> answers;
  if (kept && (options.use_stored || options.store)) states = series_states(db, filter);
  if (kept && options.use_stored && !options.full) answers = stored_answers(db, filter);

  std::vector<Job> jobs(keys.size());
  TriageWork done;
  // By suite and testbed (list_series' order): one reader each.
  std::map<std::pair<std::string, std::string>, std::pair<std::vector<Job*>, std::vector<Job*>>> groups;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    Job& job = jobs[i];
    job.key = keys[i];
    const auto answer = answers.find(key_of(job.key));
    const auto state = states.find(key_of(job.key));
    auto& [whole, extended] = groups[{job.key.suite, job.key.testbed}];
    if (answer == answers.end() || state == states.end() || answer->second.settings != wanted ||
        answer->second.reordered != state->second.reordered || answer->second.points > state->second.points) {
      whole.push_back(&job);
    } else if (answer->second.points == state->second.points) {
      job.points = answer->second.points;
      job.changes = answer->second.changes;
      ++done.stored;
    } else {
      job.stored = &answer->second;
      extended.push_back(&job);
    }
  }
  Triage triage(db, filter, settings, options);
  WorkPool pool(options.threads, 2 * SeriesReader::kBenchmarksPerQuery);
  for (auto& [group, lists] : groups) {
    auto& [whole, extended] = lists;
    if (whole.empty() && extended.empty()) continue;
    SeriesReader reader(db, group.first, group.second, filter);
    triage.recompute(reader, whole, pool);
    triage.extend(reader, extended, pool);
    pool.wait();
    std::vector<Job*> again;
    for (Job* job : extended)
      if (!job->computed) again.push_back(job);
    triage.recompute(reader, again, pool);
    pool.wait();
    done.recomputed += whole.size() + again.size();
    done.extended += extended.size() - again.size();
  }
  if (kept && options.store && done.stored < jobs.size()) {
    // An answer not stored is computed again next time: a history this
    // process may read but not write (a read-only server role) still answers.
    try {
      store_answers(db, jobs, filter.kind, wanted, states);
    } catch (const InputError& e) {
      done.not_stored = e.what();
    }
  }
  if (work) *work = done;

  std::vector<SeriesAnswer> result;
  result.reserve(jobs.size());
  for (Job& job : jobs) result.push_back({std::move(job.key), job.points, changes_of(job.changes)});
  return result;
}

}  // namespace perfgate::history
