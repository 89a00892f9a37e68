#pragma once
// The one reader of a history database's name (issue 26): perfgate's
// --history, a suite binary's --perfgate_history and PERFGATE_HISTORY all mean what
// parse_database_url() says, and nothing else decides it.
//
//   postgresql://... or postgres://...   a PostgreSQL URL (libpq's URI form)
//   postgresql:key=value ...             libpq's key=value form
//   key=value ... (every key libpq's)     libpq's key=value form too: host=db dbname=perf
//   sqlite:PATH, sqlite://PATH, file:PATH  an SQLite file
//   anything else without a scheme        the path of an SQLite file
//
// Text that looks like a URL of any other scheme ("postgres:x", "mysql://h")
// is an InputError, never a file name: a mistyped URL must not create an
// SQLite file named after it; so is a key=value text whose first key is
// libpq's but not the rest, and any text with a password= that is not a
// connection string (a file must never be named after a password).  A PostgreSQL URL whose user or password holds
// a character a URL must percent-encode, or a broken %-escape, is refused
// before libpq sees it (libpq's own messages would quote the password), and
// its password is registered with redact_secrets().

#include <string>

namespace perfgate::sql {

enum class Engine { sqlite, postgresql };

struct DatabaseUrl {
  Engine engine = Engine::sqlite;
  std::string location;  // the SQLite file's path, or the URL/key=value string libpq takes
  std::string shown;     // as messages show it: any password left out
  bool uri = false;      // PostgreSQL: location is a URI (else libpq key=value)
};

DatabaseUrl parse_database_url(const std::string& url);

}  // namespace perfgate::sql
