#include "main/run_history.hpp"

#include <iostream>

#include "perfgate/history/history_schema.hpp"
#include "perfgate/history/ingest.hpp"
#include "perfgate/history/run_spread.hpp"
#include "perfgate/history/testbed.hpp"

namespace perfgate {

RunHistory::RunHistory(const std::string& url, std::string kind) : db_(sql::open_database(url)), kind_(std::move(kind)) {
  history::ensure_schema(*db_);
}

RunSpreadHistory RunHistory::spreads(const Results& current) {
  const history::Testbed testbed = history::testbed_of(current.fingerprint, "", "this run");
  RunSpreadHistory out;
  out.origin = db_->describe() + ", testbed " + testbed.name;
  for (const auto& [name, spread] : history::recent_run_spread(*db_, current.suite, testbed.name))
    out.by_benchmark[name] = {spread.sd, spread.runs};
  return out;
}

void RunHistory::record(const Results& current) {
  history::IngestOptions options;
  options.kind = kind_;
  const history::IngestSummary s = history::ingest_results(*db_, current, "this run (" + current.suite + ")", options);
  std::cerr << "perfgate: run recorded in the history " << db_->describe() << " (" << kind_ << ", " << s.measurements
            << " cases" << (s.runs_present ? ", already there" : "") << ")\n";
}

}  // namespace perfgate
