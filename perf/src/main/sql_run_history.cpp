// The run history of a suite binary on perfgate::history (SQLite or
// PostgreSQL): perfgate::main_history, the History component's part of
// main().  perfgate_add_suite() names open_sql_run_history in this_suite.

#include <iostream>

#include "main/run_history.hpp"
#include "perfgate/sql/sql_connection.hpp"

#include "perfgate/history/open_history.hpp"
#include "perfgate/history/ingest.hpp"
#include "perfgate/history/reference_runs.hpp"
#include "perfgate/history/run_spread.hpp"
#include "perfgate/history/testbed.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/secret_redaction.hpp"

namespace perfgate {
namespace {

class SqlRunHistory : public RunHistory {
 public:
  SqlRunHistory(const std::string& url, std::string kind)
      : db_(history::open_history(url, sql::Access::create)), kind_(std::move(kind)) {}
  Reference reference(const Fingerprint& device, const std::string& suite, std::size_t runs) override;
  RunSpreadHistory spreads(const Results& current) override;
  void record(const Results& current, std::optional<std::int64_t> ordinal) noexcept override;

 private:
  std::unique_ptr<sql::Connection> db_;
  std::string kind_;
};

// Read before this run is measured, let alone recorded: a run is never
// part of its own reference.
RunHistory::Reference SqlRunHistory::reference(const Fingerprint& device, const std::string& suite, std::size_t runs) {
  const history::Testbed testbed = history::testbed_of(device, "", "this run");
  const history::HistoryReference found = history::load_reference(*db_, {suite, testbed.name, runs, &device});
  if (!found.enough()) return {{}, found.shortage() + " (" + db_->describe() + ")", {}};
  return {found.rounds, found.describe() + " (" + db_->describe() + ")", found.notes};
}

RunSpreadHistory SqlRunHistory::spreads(const Results& current) {
  const history::Testbed testbed = history::testbed_of(current.fingerprint, "", "this run");
  RunSpreadHistory out;
  out.origin = db_->describe() + ", testbed " + testbed.name;
  out.by_benchmark = history::recent_run_spread(*db_, current.suite, testbed.name);
  return out;
}

bool anything_measured(const Results& results) {
  for (const BenchmarkResult& b : results.benchmarks)
    if (b.measured() && (!b.samples.empty() || b.summary)) return true;
  return false;
}

void SqlRunHistory::record(const Results& current, std::optional<std::int64_t> ordinal) noexcept {
  try {
    if (!anything_measured(current)) {
      std::cerr << "perfgate: nothing was measured (every case skipped or failed): nothing recorded in the history\n";
      return;
    }
    history::IngestOptions options;
    options.kind = kind_;
    options.ordinal = ordinal;
    options.missing_commit_advice = history::kRecordingCommitAdvice;
    const history::IngestSummary s = history::ingest_results(*db_, current, "this run (" + current.suite + ")", options);
    for (const std::string& warning : s.warnings) std::cerr << "perfgate: warning: " << printable_text(warning) << "\n";
    std::cerr << "perfgate: run recorded in the history " << db_->describe() << " (" << kind_
              << (ordinal ? ", ordinal " + std::to_string(*ordinal) : std::string()) << ", " << s.measurements
              << " cases" << (s.runs_present ? ", already there" : "") << ")\n";
  } catch (const std::exception& e) {
    // Recording never changes the verdict: the gate has spoken already.
    std::cerr << "perfgate: warning: the history could not record this run (" << redact_secrets(e.what())
              << "); the gate's verdict and exit code stand\n";
  }
}

}  // namespace

std::unique_ptr<RunHistory> open_sql_run_history(const std::string& url, const std::string& kind) {
  return std::make_unique<SqlRunHistory>(url, kind);
}

}  // namespace perfgate
