#pragma once
// Which history database a `perfgate history` command (or a gated suite
// run) uses, and opening it.

#include <memory>
#include <string>

#include "perfgate/history/series.hpp"
#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::cli {

// --db, else PERFGATE_HISTORY (CLI11 reads it), else this file in the
// current folder.
inline constexpr const char* kDefaultHistory = "perfgate-history.sqlite";

// For writing: an SQLite file is created when missing.
std::unique_ptr<sql::Connection> open_history_for_writing(const std::string& url);

// For reading: a missing SQLite file is an InputError ("no history at
// PATH"), not a new empty database.
std::unique_ptr<sql::Connection> open_history_for_reading(const std::string& url);

// `filter` with --since's date (when given) as its lower bound.
history::SeriesFilter since(history::SeriesFilter filter, const std::string& since_text);

}  // namespace perfgate::cli
