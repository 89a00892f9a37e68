#include "perfgate/sql/batch_insert.hpp"

#include <iterator>
#include <utility>

namespace perfgate::sql {

BatchInsert::BatchInsert(Connection& db, const std::string& table_and_columns, std::size_t columns,
                         std::string on_conflict)
    : db_(db), head_("INSERT INTO " + table_and_columns + " VALUES "), tuple_("("), on_conflict_(std::move(on_conflict)) {
  for (std::size_t c = 0; c < columns; ++c) tuple_ += c == 0 ? "?" : ", ?";
  tuple_ += ")";
}

void BatchInsert::add(std::vector<Value> row) {
  params_.insert(params_.end(), std::make_move_iterator(row.begin()), std::make_move_iterator(row.end()));
  if (++rows_ == kRowsPerInsert) flush();
}

void BatchInsert::flush() {
  if (rows_ == 0) return;
  std::string statement = head_;
  for (std::size_t r = 0; r < rows_; ++r) statement += (r == 0 ? "" : ", ") + tuple_;
  if (!on_conflict_.empty()) statement += " " + on_conflict_;
  db_.query(statement, params_);
  params_.clear();
  rows_ = 0;
}

}  // namespace perfgate::sql
