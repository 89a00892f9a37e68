#pragma once
// One series' chart data: the script beside its page (series/<slug>-<hash>.js)
// that every page charting this benchmark loads, its own testbed's and the
// others' (several testbeds on one chart).

#include <string>
#include <vector>

#include "perfgate/dashboard/run_table.hpp"
#include "perfgate/history/caught_regressions.hpp"
#include "perfgate/history/changes.hpp"
#include "perfgate/history/series.hpp"

namespace perfgate::dashboard {

// Runs of another kind than the main line's (pull-request and A/B runs of
// the same testbed and benchmark), drawn beside it when asked.
struct KindRuns {
  std::string kind;  // "pr" or "ab"
  std::vector<history::SeriesPoint> points;
};

// What a chart draws beside its main line: the other kinds' runs and the
// regressions the gate caught on this series.
struct SeriesBeside {
  std::vector<KindRuns> other_runs;
  std::vector<history::CaughtRegression> caught;
};

// perfgate.series({suite, testbed, benchmark, page, runs, base, points,
// changes}).  `points` is five codes a run (series_code.hpp): the run's
// index in its testbed's RunTable minus the previous point's (zigzag), its
// median's log_step(median, base) minus the previous point's (zigzag), the
// interval's low and high as steps below and above the median (zigzag + 1;
// 0: no interval stored), and the sample count minus the previous point's
// (zigzag).  base is the first run's median.  Each change: shape ("step",
// "drift"), first and last point, before/after (s), change %, p-value and
// the change that undoes it (a bump's other edge) or null.  others: per
// other kind its points, coded as the main line's (the same base and run
// table); caught: each caught regression's commit, kind, date and change %.
std::string series_data_script(const history::SeriesKey& key, const std::vector<history::SeriesPoint>& points,
                               const std::vector<history::Change>& changes, RunTable& runs,
                               const SeriesBeside& beside = {});

// Beside the series' page: "series/<slug>-<hash>.js".
std::string series_data_name(const history::SeriesKey& key);

}  // namespace perfgate::dashboard
