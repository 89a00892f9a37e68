// open_database(): which engine a database name means (parse_database_url)
// and how it is opened.

#include <filesystem>
#include <perfgate/platform/errors.hpp>
#include <perfgate/sql/database_url.hpp>
#include <perfgate/sql/sql_connection.hpp>
#include <system_error>

#include "postgres_connection.hpp"
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

void require_existing_file(const std::string& file) {
  std::error_code error;
  if (file != ":memory:" && !std::filesystem::exists(file, error))
    throw InputError(printable_text(file) +
                     ": no history there (perfgate history ingest creates it; --history or PERFGATE_HISTORY names another)");
}

}  // namespace

std::unique_ptr<Connection> open_database(const std::string& url, Access access) {
  return open_database(url, access, {});
}

std::unique_ptr<Connection> open_database(const std::string& url, Access access, const SqliteFileCheck& before_writing) {
  const DatabaseUrl database = parse_database_url(url);
  if (database.engine == Engine::postgresql) return open_postgres(database, access == Access::read_only);
  require_parent_folder(database.location);
  if (access != Access::create) require_existing_file(database.location);
  return open_sqlite(database.location, access, before_writing);
}

}  // namespace perfgate::sql
