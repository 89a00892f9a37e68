// perfgate history show: one benchmark's series in the console.

#include <iostream>

#include "commands.hpp"
#include "history_database.hpp"
#include "perfgate/history/open_history.hpp"
#include "perfgate/history/series.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/reports/text_table.hpp"

namespace perfgate::cli {
namespace {

std::string interval_text(const history::SeriesPoint& p) {
  if (!p.low_s || !p.high_s) return "-";
  // Appended piece by piece: GCC 12 warns (-Wrestrict, falsely) on "[" + ....
  std::string text = "[";
  text += format_seconds(*p.low_s);
  text += ", ";
  text += format_seconds(*p.high_s);
  text += "]";
  return text;
}

std::string order_text(const history::SeriesPoint& p) { return p.ordinal ? std::to_string(*p.ordinal) : "-"; }

void print_series(std::ostream& out, const history::SeriesKey& key, const std::vector<history::SeriesPoint>& points) {
  out << printable_text(key.benchmark) << " (suite " << printable_text(key.suite) << ", testbed "
      << printable_text(key.testbed) << "): " << points.size() << " run(s)\n";
  TextTable table({"commit", "ordinal", "date", "median", "95% interval", "n"}, {false, true, false, true, true, true});
  for (const history::SeriesPoint& p : points)
    table.add({printable_text(p.commit.substr(0, 12)), order_text(p), printable_text(p.created_utc), format_seconds(p.median_s),
               interval_text(p), std::to_string(p.sample_count)});
  table.print(out, "  ");
}

}  // namespace

int run_history_show(const HistoryShowOptions& options) {
  const auto db = history::open_history(options.db, sql::Access::read_only);
  const history::SeriesFilter filter = since({"", options.testbed, {}, options.kind}, options.since);
  bool found = false;
  for (const history::SeriesKey& key : history::list_series(*db, filter)) {
    if (key.benchmark != options.benchmark) continue;
    print_series(std::cout, key, history::load_series(*db, key, filter));
    found = true;
  }
  if (!found)
    throw InputError(db->describe() + ": no " + options.kind + " run of benchmark " + quote_text(options.benchmark) +
                     (options.testbed.empty() ? "" : " on testbed " + quote_text(options.testbed)));
  return 0;
}

}  // namespace perfgate::cli
