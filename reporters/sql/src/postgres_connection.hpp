#pragma once
// The PostgreSQL engine, through libpq: the history store on a server that
// several machines write to.

#include <memory>
#include <perfgate/sql/sql_connection.hpp>
#include <string>

namespace perfgate::sql {

// Connects to the server `url` names (postgres_url.hpp says which forms).
// Throws InputError "<url without password>: could not connect: <cause>".
std::unique_ptr<Connection> open_postgres(const std::string& url);

}  // namespace perfgate::sql
