#include "perfgate/history/latest_step.hpp"

#include "perfgate/history/series.hpp"

namespace perfgate::history {

std::optional<LatestStep> latest_step(sql::Connection& db, const std::string& suite, const std::string& testbed,
                                      const std::vector<std::string>& benchmarks, std::size_t recent_runs) {
  SeriesFilter filter;
  filter.testbed = testbed;
  SeriesReader reader(db, suite, testbed, filter);
  const std::size_t first_run = reader.runs() > recent_runs ? reader.runs() - recent_runs : 0;
  const stats::ChangePointSettings settings;  // `history changes` without --max-p
  std::optional<Change> latest;
  std::size_t latest_position = 0;
  reader.read_values(benchmarks, first_run, [&](std::size_t first, std::vector<SeriesReader::Values>&& series) {
    for (std::size_t s = 0; s < series.size(); ++s) {
      const SeriesReader::Values& values = series[s];
      const SeriesKey key{suite, testbed, benchmarks[first + s]};
      const auto run_of = [&](std::size_t point) -> const SeriesPoint& { return reader.run(values.positions[point]); };
      for (IndexedChange& found : indexed_changes(key, values.medians, run_of, settings)) {
        const std::size_t position = values.positions[found.last];
        if (latest && position <= latest_position) continue;
        latest = std::move(found.change);
        latest_position = position;
      }
    }
  });
  if (!latest) return std::nullopt;
  LatestStep step{*latest, {}};
  for (std::size_t position = first_run; position < latest_position; ++position) step.runs_before.insert(reader.run(position).run_id);
  return step;
}

}  // namespace perfgate::history
