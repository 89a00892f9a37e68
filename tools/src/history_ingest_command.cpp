// perfgate history ingest: results and comparison files into the history.

#include <chrono>
#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "history_database.hpp"
#include "perfgate/history/open_history.hpp"
#include "perfgate/history/ingest.hpp"
#include "perfgate/history/ingest_batch.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/input_file.hpp"

namespace perfgate::cli {

int run_history_ingest(const HistoryIngestOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  require_standard_input_once(options.files, "history ingest's FILES");
  // Every file checked before the history is opened (or created).
  const history::IngestBatch batch = history::read_ingest_files(options.files, options.ingest);
  const auto db = history::open_history(options.db, sql::Access::create);
  const history::IngestSummary s = history::store_batch(*db, batch);
  for (const std::string& warning : s.warnings) std::cerr << "perfgate: warning: " << printable_text(warning) << "\n";
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char rate[64];
  std::snprintf(rate, sizeof rate, "%.0f samples/s", seconds > 0.0 ? static_cast<double>(s.samples) / seconds : 0.0);
  std::cout << "perfgate: history " << db->describe() << ": " << s.runs_added << " run(s) added, " << s.runs_present
            << " already there; " << s.comparisons_added << " comparison(s) added, " << s.comparisons_present
            << " already there; " << s.measurements << " medians, " << s.samples << " samples, " << s.verdicts
            << " verdicts in " << seconds << " s (" << rate << ")\n";
  // How the series take runs that do not simply extend them (issue 45).
  if (s.late_runs > 0)
    std::cout << "perfgate: " << s.late_runs
              << " run(s) arrived late: a run already in the history has a later ordinal (or, at the same one, a "
                 "later date); each is placed at its ordinal in its series, and `history changes` examines those "
                 "series again from their first run\n";
  if (s.repeated_commits > 0)
    std::cout << "perfgate: " << s.repeated_commits
              << " run(s) measured a commit the history had measured: each is kept as a repeated measurement of "
                 "that commit; a change between runs of one commit is the environment, never blamed on the commit\n";
  return 0;
}

}  // namespace perfgate::cli
