#include "perfgate/dashboard/history_site.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <map>
#include <set>
#include <tuple>

#include "perfgate/dashboard/change_positions.hpp"
#include "perfgate/dashboard/changes_page.hpp"
#include "perfgate/dashboard/chart_data.hpp"
#include "perfgate/dashboard/index_page.hpp"
#include "perfgate/dashboard/page_name.hpp"
#include "perfgate/dashboard/run_table.hpp"
#include "perfgate/dashboard/series_page.hpp"
#include "perfgate/dashboard/site_assets.hpp"
#include "perfgate/dashboard/sparkline.hpp"
#include "perfgate/history/bisection_record.hpp"
#include "perfgate/history/caught_regressions.hpp"
#include "perfgate/history/changes.hpp"
#include "perfgate/history/runner_change.hpp"
#include "perfgate/history/triage_cache.hpp"
#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/owned_folder.hpp"

namespace perfgate::dashboard {
namespace fs = std::filesystem;
namespace {

using history::Change;
using history::SeriesKey;
using history::SeriesPoint;

// Series per query: one round trip for many benchmarks, while the rows a
// query returns (benchmarks x runs) stay a few hundred thousand at 10,000
// runs a series.
constexpr std::size_t kSeriesPerQuery = 16;

// Each change's series with the commit of the last run before it (its
// range's start, for --compare-url) beside its bump partners.
std::vector<ListedChange> listed_changes(const std::vector<Change>& changes, const std::vector<SeriesPoint>& points) {
  std::vector<ListedChange> listed = dashboard::listed_changes(changes);
  const std::vector<ChangeSpan> at = change_positions(points, changes);
  for (std::size_t c = 0; c < listed.size(); ++c)
    if (at[c].first > 0) listed[c].from_commit = points[at[c].first - 1].commit;
  return listed;
}

// Every testbed's series of one (suite, benchmark): the series a chart
// draws together.
class Siblings {
 public:
  explicit Siblings(const std::vector<SeriesKey>& keys) {
    for (const SeriesKey& key : keys) by_benchmark_[{key.suite, key.benchmark}].push_back(key);
    for (auto& [name, list] : by_benchmark_)
      std::sort(list.begin(), list.end(), [](const SeriesKey& a, const SeriesKey& b) { return a.testbed < b.testbed; });
  }
  const std::vector<SeriesKey>& of(const SeriesKey& key) const { return by_benchmark_.at({key.suite, key.benchmark}); }

 private:
  std::map<std::pair<std::string, std::string>, std::vector<SeriesKey>> by_benchmark_;
};

// Every name a site may hold (the only ones its OwnedFolder claims or
// removes): the index, the changes, the assets, a run table per testbed
// (RunTable::file_name), a page and a chart data script per series
// (series_page_name, series_data_name).
OwnedNames site_names() {
  OwnedNames names{"index.html", "changes.html", "assets/runs-*.js", "series/*.html", "series/*.js"};
  for (const SiteAsset& asset : site_assets()) names.push_back("assets/" + std::string(asset.name));
  return names;
}

class SiteWriter {
 public:
  // The site's folder is perfgate's (OwnedFolder): the last report's pages
  // go, a series gone from the history takes its page with it, and a folder
  // of the user's own files is refused.
  // Every file the site may write is claimed at once (one marker write).
  SiteWriter(const fs::path& out, const SiteOptions& options, const std::vector<SeriesKey>& keys,
             std::vector<history::BisectionRecord> bisections)
      : out_(out, "the history report's folder (--out)", site_names()), options_(options), siblings_(keys),
        bisections_(std::move(bisections)) {
    out_.clear_previous();
    std::vector<std::string> names{"index.html", "changes.html"};
    for (const SiteAsset& asset : site_assets()) names.push_back("assets/" + std::string(asset.name));
    std::set<std::string> testbeds;
    for (const SeriesKey& key : keys) {
      names.push_back(series_page_name(key));
      names.push_back(series_data_name(key));
      if (testbeds.insert(key.testbed).second) names.push_back(RunTable::file_name(key.testbed));
    }
    out_.claim_all(names);
  }

  // One series: its page and chart data now, its row and changes for later.
  void add(const SeriesKey& key, const std::vector<SeriesPoint>& points, const std::vector<Change>& changes,
           const SeriesBeside& beside) {
    if (points.empty()) return;
    std::vector<ListedChange> listed = listed_changes(changes, points);
    for (ListedChange& l : listed) l.bisection = history::bisection_for(l.change, bisections_);
    const std::string page = page_of(key);
    write(page, series_page(key, points, listed, siblings_.of(key), options_.links, beside.caught));
    write(series_data_name(key), series_data_script(key, points, changes, runs_of(key.testbed), beside));
    IndexEntry entry{key, sparkline_svg(points, changes), points.size(), points.back().median_s, changes.size(), {}};
    if (!listed.empty()) entry.latest_change = listed.back();
    entries_.push_back(std::move(entry));
    all_changes_.insert(all_changes_.end(), listed.begin(), listed.end());
  }

  SiteSummary finish(const history::RunSpan& runs) {
    std::sort(entries_.begin(), entries_.end(), index_order);
    std::stable_sort(all_changes_.begin(), all_changes_.end(),
                     [](const ListedChange& a, const ListedChange& b) { return history::regression_first(a.change, b.change); });
    for (const auto& [testbed, table] : runs_) write(RunTable::file_name(testbed), table.script());
    for (const SiteAsset& asset : site_assets()) write("assets/" + std::string(asset.name), asset.content);
    write("changes.html", changes_page(all_changes_, entries_.size(), options_.links));
    write("index.html", index_page(facts(runs), entries_));
    summary_.series = entries_.size();
    summary_.changes = all_changes_.size();
    return summary_;
  }

 private:
  // Its page's name, never one another series has: a page that would be
  // replaced by a second series is an error, not a silently lost trend.
  std::string page_of(const SeriesKey& key) {
    const std::string name = series_page_name(key);
    const auto [it, inserted] = pages_.emplace(name, key);
    if (!inserted && std::tie(it->second.suite, it->second.testbed, it->second.benchmark) !=
                         std::tie(key.suite, key.testbed, key.benchmark))
      throw OutputError(name + ": two series would share this page (" + quote_text(it->second.benchmark) + " and " +
                        quote_text(key.benchmark) + "); nothing replaced it");
    return name;
  }

  RunTable& runs_of(const std::string& testbed) { return runs_.try_emplace(testbed, testbed).first->second; }

  void write(const std::string& name, std::string_view content) {
    write_file_atomically(out_.claim(name), content, /*synced=*/false);
    summary_.pages += name.ends_with(".html") ? 1 : 0;
    ++summary_.files;
    summary_.bytes += content.size();
  }

  HistoryFacts facts(const history::RunSpan& runs) const {
    std::set<std::string> testbeds, suites, benchmarks;
    for (const IndexEntry& e : entries_) {
      testbeds.insert(e.key.testbed);
      suites.insert(e.key.suite);
      benchmarks.insert(e.key.benchmark);
    }
    return {runs, {testbeds.begin(), testbeds.end()}, {suites.begin(), suites.end()}, benchmarks.size()};
  }

  OwnedFolder out_;
  const SiteOptions& options_;
  Siblings siblings_;
  std::vector<history::BisectionRecord> bisections_;  // perfgate bisect's answers, each shown beside its change
  std::map<std::string, SeriesKey> pages_;
  std::map<std::string, RunTable> runs_;  // by testbed
  std::vector<IndexEntry> entries_;
  std::vector<ListedChange> all_changes_;
  SiteSummary summary_;
};

// The kinds drawn beside the main line, when a reader switches them on.
constexpr std::array<const char*, 2> kOtherKinds = {"pr", "ab"};

// One (suite, testbed)'s series with what the charts draw beside them: the
// same benchmarks' runs of the other kinds and the caught regressions.
class GroupReader {
 public:
  GroupReader(sql::Connection& db, const SeriesKey& first, const history::SeriesFilter& filter)
      : main_(db, first.suite, first.testbed, filter), caught_(history::caught_regressions(db, first.suite, first.testbed)) {
    for (const char* kind : kOtherKinds) {
      history::SeriesFilter other = filter;
      other.kind = kind;
      auto reader = std::make_unique<history::SeriesReader>(db, first.suite, first.testbed, other);
      if (reader->runs() > 0) others_.emplace_back(kind, std::move(reader));
    }
  }

  std::vector<std::vector<SeriesPoint>> read(const std::vector<std::string>& names) { return main_.read(names); }

  std::vector<SeriesBeside> beside(const std::vector<std::string>& names) {
    std::vector<SeriesBeside> out(names.size());
    for (auto& [kind, reader] : others_) {
      std::vector<std::vector<SeriesPoint>> points = reader->read(names);
      for (std::size_t k = 0; k < names.size(); ++k) out[k].other_runs.push_back({kind, std::move(points[k])});
    }
    for (std::size_t k = 0; k < names.size(); ++k)
      if (const auto found = caught_.find(names[k]); found != caught_.end()) out[k].caught = found->second;
    return out;
  }

 private:
  history::SeriesReader main_;
  std::vector<std::pair<std::string, std::unique_ptr<history::SeriesReader>>> others_;
  std::map<std::string, std::vector<history::CaughtRegression>> caught_;
};

}  // namespace

SiteSummary write_history_site(sql::Connection& db, const fs::path& out, const SiteOptions& options) {
  // The changes are the triage's (history changes): kept answers where the
  // history holds them, the rest computed on every core; nothing is stored.
  history::TriageOptions triage;
  triage.store = false;
  std::vector<history::SeriesAnswer> answers =
      history::triage_series(db, options.filter, options.change_points, triage);  // by suite, testbed, benchmark
  std::vector<SeriesKey> keys;
  for (const history::SeriesAnswer& answer : answers) keys.push_back(answer.key);
  SiteWriter site(out, options, keys, history::load_bisections(db));
  history::RunnerChanges runners(db);
  for (std::size_t group = 0; group < keys.size();) {
    std::size_t group_end = group;
    while (group_end < keys.size() && keys[group_end].suite == keys[group].suite &&
           keys[group_end].testbed == keys[group].testbed)
      ++group_end;
    GroupReader reader(db, keys[group], options.filter);
    for (std::size_t i = group; i < group_end; i += kSeriesPerQuery) {
      const std::size_t end = std::min(group_end, i + kSeriesPerQuery);
      std::vector<std::string> names;
      for (std::size_t k = i; k < end; ++k) names.push_back(keys[k].benchmark);
      const std::vector<std::vector<SeriesPoint>> series = reader.read(names);
      const std::vector<SeriesBeside> beside = reader.beside(names);
      for (std::size_t k = i; k < end; ++k) {
        runners.mark(answers[k].changes);  // a step under a swapped runner is the environment's too
        site.add(keys[k], series[k - i], answers[k].changes, beside[k - i]);
      }
    }
    group = group_end;
  }
  return site.finish(history::run_span(db, options.filter));
}

}  // namespace perfgate::dashboard
