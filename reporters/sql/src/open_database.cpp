// open_database(): which engine a database name means.

#include <filesystem>
#include <perfgate/model/errors.hpp>
#include <perfgate/sql/sql_connection.hpp>
#include <system_error>

#include "postgres_connection.hpp"
#include "postgres_url.hpp"
#include "sqlite_connection.hpp"

namespace perfgate::sql {
namespace {

// SQLite would create the file but not its folder, and its own message
// ("unable to open database file") does not say that the folder is what is
// missing: a mistyped path should read as one.
void require_parent_folder(const std::filesystem::path& file) {
  const std::filesystem::path parent = file.parent_path();
  if (parent.empty()) return;
  std::error_code error;
  if (!std::filesystem::is_directory(parent, error)) {
    throw InputError(printable_text(file.string() + ": the folder " + parent.string() + " does not exist"));
  }
}

}  // namespace

std::unique_ptr<Connection> open_database(const std::string& url) {
  if (is_postgres_url(url)) return open_postgres(url);
  if (url.empty()) throw InputError("the history database is not named (an empty path)");
  require_parent_folder(url);
  return open_sqlite(url);
}

}  // namespace perfgate::sql
