#pragma once
// The SQLite engine: the history store in one file.

#include <filesystem>
#include <memory>
#include <perfgate/sql/sql_connection.hpp>

namespace perfgate::sql {

// Opens (creating when missing) the SQLite database in `file`.  Throws
// InputError naming the file when it cannot.
// `before_writing` (may be empty) runs on the opened file before its
// switch to WAL, when `access` may write.  A file (or folder) this user
// cannot write is refused before SQLite opens it for writing: a failed
// write would leave -wal and -shm files of this user's that lock the
// owner out.
std::unique_ptr<Connection> open_sqlite(const std::filesystem::path& file, Access access,
                                        const SqliteFileCheck& before_writing = {});

}  // namespace perfgate::sql
