#include "perfgate/history/commit_runs.hpp"

#include <variant>

namespace perfgate::history {
namespace {

std::optional<std::int64_t> integer_of(const sql::Value& value) {
  if (const auto* number = std::get_if<std::int64_t>(&value)) return *number;
  return std::nullopt;
}

}  // namespace

std::vector<CommitRuns> main_line_commits(sql::Connection& db, const std::string& prefix) {
  // substr with the length written in, not LIKE (a hash holds no wildcard,
  // but a typed prefix might) and not length(?) (PostgreSQL cannot type it).
  const auto rows = db.query("SELECT commit_sha, MAX(ordinal), MAX(run_time) FROM runs WHERE kind = 'main' AND "
                             "substr(commit_sha, 1, " + std::to_string(prefix.size()) +
                                 ") = ? GROUP BY commit_sha ORDER BY commit_sha",
                             {prefix});
  std::vector<CommitRuns> commits;
  for (const sql::Row& row : rows) {
    const auto* hash = std::get_if<std::string>(&row.at(0));
    commits.push_back({hash ? *hash : std::string(), integer_of(row.at(1)), integer_of(row.at(2))});
  }
  return commits;
}

}  // namespace perfgate::history
