#pragma once
// What perfgate takes as a PostgreSQL database: a postgresql:// or
// postgres:// URL, or "postgresql:" followed by a libpq key=value string.

#include <string>

namespace perfgate::sql {

bool is_postgres_url(const std::string& url);

// What libpq's PQconnectdb takes for `url`: the URL itself, or the key=value
// string after "postgresql:".
std::string postgres_conninfo(const std::string& url);

// `url` as messages show it: any password (user:password@, password=...)
// left out, since messages end up in CI logs.
std::string without_password(const std::string& url);

}  // namespace perfgate::sql
