#pragma once
// The PostgreSQL engine, through libpq: the history store on a server that
// several machines write to.

#include <memory>
#include <perfgate/sql/database_url.hpp>
#include <perfgate/sql/sql_connection.hpp>
#include <string>

namespace perfgate::sql {

// Connects to the server `database` names (database_url.hpp says which forms).
// Throws InputError "<url without password>: could not connect: <cause>".
// read_only: the session is read-only (default_transaction_read_only).
std::unique_ptr<Connection> open_postgres(const DatabaseUrl& database, bool read_only);

}  // namespace perfgate::sql
