#include "history_database.hpp"

#include <filesystem>

#include "perfgate/model/errors.hpp"

namespace perfgate::cli {
namespace {

bool is_postgresql_url(const std::string& url) {
  return url.rfind("postgresql:", 0) == 0 || url.rfind("postgres:", 0) == 0;
}

}  // namespace

std::unique_ptr<sql::Connection> open_history_for_writing(const std::string& url) { return sql::open_database(url); }

std::unique_ptr<sql::Connection> open_history_for_reading(const std::string& url) {
  if (!is_postgresql_url(url) && !std::filesystem::exists(url))
    throw InputError(url + ": no history there (perfgate history ingest creates it; --db or PERFGATE_HISTORY names another)");
  return sql::open_database(url);
}

history::SeriesFilter since(history::SeriesFilter filter, const std::string& since_text) {
  if (!since_text.empty()) filter.since = history::parse_since(since_text, "--since");
  return filter;
}

}  // namespace perfgate::cli
