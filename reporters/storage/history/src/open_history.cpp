#include "perfgate/history/open_history.hpp"

#include <string>
#include <variant>

#include "perfgate/history/history_schema.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate::history {
namespace {

// An SQLite file of another application (issue 41: `--db app.sqlite` added
// perfgate's tables to it): it holds tables, and no perfgate_history among
// them.  Refused before anything is written; an empty or new file is fine.
void refuse_foreign_file(sql::Connection& db) {
  const auto tables = db.query(
      "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
      "ORDER BY name");
  if (tables.empty()) return;
  std::string names;
  for (const sql::Row& row : tables) {
    const std::string name = std::get<std::string>(row.at(0));
    if (name == "perfgate_history") return;
    if (names.size() < 80) names += (names.empty() ? "" : ", ") + quote_text(name);
  }
  throw InputError(printable_text(db.describe()) + ": an SQLite file of another application (tables " + names +
                   ", no perfgate history); perfgate writes nothing to it: name a new file or a perfgate history");
}

}  // namespace

std::unique_ptr<sql::Connection> open_history(const std::string& url, sql::Access access) {
  std::unique_ptr<sql::Connection> db = sql::open_database(url, access, refuse_foreign_file);
  if (access == sql::Access::read_only && std::string(db->engine()) == "sqlite") refuse_foreign_file(*db);
  const int version = stored_schema_version(*db);  // refuses a schema from the future
  if (access == sql::Access::create || (access == sql::Access::read_write && version != 0)) ensure_schema(*db);
  return db;
}

}  // namespace perfgate::history
