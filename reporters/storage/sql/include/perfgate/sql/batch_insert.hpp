#pragma once
// Rows of one table written kRowsPerInsert to a statement: a round trip per
// statement is what writing to a server costs, so ingest (and the tools
// that fill a history) send many rows at once.  250 rows of up to 7 values
// stay far under both engines' limit on bound parameters.

#include <cstddef>
#include <string>
#include <vector>

#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::sql {

inline constexpr std::size_t kRowsPerInsert = 250;

class BatchInsert {
 public:
  // `table_and_columns`: "samples (run_id, benchmark, position, seconds)";
  // `on_conflict`, when given, ends each statement ("ON CONFLICT (...) DO
  // UPDATE SET ...": an upsert; no key may then come twice in one batch).
  BatchInsert(Connection& db, const std::string& table_and_columns, std::size_t columns,
              std::string on_conflict = {});
  // Queues a row of `columns` values; writes the batch when it is full.
  void add(std::vector<Value> row);
  // Writes what is queued (call it before rows that refer to these).
  void flush();

 private:
  Connection& db_;
  std::string head_;
  std::string tuple_;
  std::string on_conflict_;
  std::size_t rows_ = 0;
  std::vector<Value> params_;
};

}  // namespace perfgate::sql
