#include "perfgate/history/bisection_record.hpp"

#include "perfgate/history/history_schema.hpp"

namespace perfgate::history {
namespace {

// One list of the columns, in the order both statements give them.
constexpr const char* kColumns =
    "suite, benchmark, testbed, good_commit, bad_commit, outcome, first_commit, last_good_commit, change_pct, builds, "
    "commits, seconds, created_utc";

}  // namespace

void store_bisection(sql::Connection& db, const BisectionRecord& r) {
  db.query(std::string("INSERT INTO bisections (") + kColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
           {r.suite, r.benchmark, r.testbed, r.good_commit, r.bad_commit, r.outcome, r.first_commit, r.last_good_commit,
            r.change_pct, r.builds, r.commits, r.seconds, r.created_utc});
}

std::vector<BisectionRecord> load_bisections(sql::Connection& db) {
  std::vector<BisectionRecord> records;
  if (stored_schema_version(db) < 7) return records;  // read-only, from before bisect: none kept
  db.for_each_row(std::string("SELECT ") + kColumns + " FROM bisections ORDER BY created_utc DESC",
                  {}, [&](const sql::RowView& row) {
                    BisectionRecord r;
                    r.suite = row.text(0);
                    r.benchmark = row.text(1);
                    r.testbed = row.text(2);
                    r.good_commit = row.text(3);
                    r.bad_commit = row.text(4);
                    r.outcome = row.text(5);
                    r.first_commit = row.text(6);
                    r.last_good_commit = row.text(7);
                    r.change_pct = row.real(8);
                    r.builds = row.integer(9);
                    r.commits = row.integer(10);
                    r.seconds = row.real(11);
                    r.created_utc = row.text(12);
                    records.push_back(std::move(r));
                  });
  return records;
}

std::optional<BisectionRecord> bisection_for(const Change& change, const std::vector<BisectionRecord>& bisections) {
  for (const BisectionRecord& b : bisections)  // newest first
    if (b.suite == change.suite && b.benchmark == change.benchmark &&
        (b.bad_commit == change.commit || b.bad_commit == change.end_commit))
      return b;
  return std::nullopt;
}

}  // namespace perfgate::history
