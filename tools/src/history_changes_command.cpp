// perfgate history changes: where each series stepped, regressions first.

#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "history_database.hpp"
#include "perfgate/history/open_history.hpp"
#include "perfgate/history/changes.hpp"
#include "perfgate/model/atomic_file.hpp"
#include "perfgate/model/errors.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/writers/text_table.hpp"

namespace perfgate::cli {
namespace {

std::string percent(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%+.2f%%", value);
  return text;
}

std::string probability(double p) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2g", p);
  return text;
}

void print_changes(std::ostream& out, const std::vector<history::Change>& changes, const history::TriageCoverage& coverage) {
  out << "perfgate: " << changes.size() << " change(s) in " << coverage.series << " series";
  // "0 change(s)" of series that cannot hold one yet is no all-clear.
  if (coverage.too_short > 0)
    out << "; " << coverage.too_short << " of them with fewer than " << coverage.runs_needed
        << " main-line runs, too few to judge";
  out << "\n";
  if (changes.empty()) return;
  TextTable table({"benchmark", "testbed", "commit", "ordinal", "before", "after", "change", "p"},
                  {false, false, false, true, true, true, true, true});
  for (const history::Change& c : changes)
    table.add({printable_text(c.benchmark), printable_text(c.testbed), printable_text(c.commit.substr(0, 12)),
               c.ordinal ? std::to_string(*c.ordinal) : "-", format_seconds(c.before_s), format_seconds(c.after_s),
               percent(c.change_pct), probability(c.p_value)});
  table.print(out, "  ");
}

// The schema the issue fixed: {"changes": [{benchmark, testbed, commit,
// ordinal, before_s, after_s, change_pct, p_value}]}, plus the suite.
std::string changes_json(const std::vector<history::Change>& changes, const history::TriageCoverage& coverage) {
  nlohmann::json list = nlohmann::json::array();
  for (const history::Change& c : changes)
    list.push_back({{"suite", c.suite},
                    {"benchmark", c.benchmark},
                    {"testbed", c.testbed},
                    {"commit", c.commit},
                    {"ordinal", c.ordinal ? nlohmann::json(*c.ordinal) : nlohmann::json(nullptr)},
                    {"before_s", c.before_s},
                    {"after_s", c.after_s},
                    {"change_pct", c.change_pct},
                    {"p_value", c.p_value}});
  return nlohmann::json{{"changes", list}, {"series", coverage.series}, {"series_too_short", coverage.too_short},
                        {"runs_needed", coverage.runs_needed}}
             .dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
         "\n";
}

}  // namespace

int run_history_changes(const HistoryChangesOptions& options) {
  const auto db = history::open_history(options.db, sql::Access::read_only);
  const history::SeriesFilter filter = since({options.benchmark_regex, options.testbed, {}, "main"}, options.since);
  stats::ChangePointSettings settings;
  settings.max_p_value = options.max_p_value;
  history::TriageCoverage coverage;
  const std::vector<history::Change> changes = history::find_changes(*db, filter, settings, &coverage);
  print_changes(std::cout, changes, coverage);
  if (!options.json.empty()) write_file_atomically(options.json, changes_json(changes, coverage));
  return 0;
}

}  // namespace perfgate::cli
