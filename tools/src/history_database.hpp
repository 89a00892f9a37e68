#pragma once
// Which history database a `perfgate history` command uses (opening it:
// history::open_history), and the --since filter.

#include <memory>
#include <string>

#include "perfgate/history/series.hpp"
#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::cli {

// --history, else PERFGATE_HISTORY (CLI11 reads it), else this file in the
// current folder.
inline constexpr const char* kDefaultHistory = "perfgate-history.sqlite";

// `filter` with --since's date (when given) as its lower bound.
history::SeriesFilter since(history::SeriesFilter filter, const std::string& since_text);

}  // namespace perfgate::cli
