#include "perfgate/history/open_history.hpp"

#include "perfgate/history/history_schema.hpp"

namespace perfgate::history {

std::unique_ptr<sql::Connection> open_history(const std::string& url, sql::Access access) {
  std::unique_ptr<sql::Connection> db = sql::open_database(url, access);
  const int version = stored_schema_version(*db);  // refuses a schema from the future
  if (access == sql::Access::create || (access == sql::Access::read_write && version != 0)) ensure_schema(*db);
  return db;
}

}  // namespace perfgate::history
