#pragma once
// The SQLite engine: the history store in one file.

#include <filesystem>
#include <memory>
#include <perfgate/sql/sql_connection.hpp>

namespace perfgate::sql {

// Opens (creating when missing) the SQLite database in `file`.  Throws
// InputError naming the file when it cannot.
std::unique_ptr<Connection> open_sqlite(const std::filesystem::path& file, Access access);

}  // namespace perfgate::sql
