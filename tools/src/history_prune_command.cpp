// perfgate history prune: thin the raw samples of old runs.

#include <iostream>

#include "commands.hpp"
#include "history_database.hpp"
#include "perfgate/history/open_history.hpp"
#include "perfgate/history/retention.hpp"

namespace perfgate::cli {

int run_history_prune(const HistoryPruneOptions& options) {
  const auto db = history::open_history(options.db, sql::Access::read_write);
  const history::PruneSummary s = history::prune_samples(*db, options.keep_samples_runs);
  std::cout << "perfgate: history " << db->describe() << ": samples deleted from " << s.runs_thinned << " run(s) ("
            << s.samples_deleted << " samples); every run's medians kept; the newest " << options.keep_samples_runs
            << " run(s) of each series keep their samples\n";
  return 0;
}

}  // namespace perfgate::cli
