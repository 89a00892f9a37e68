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
  return 0;
}

}  // namespace perfgate::cli
