#pragma once
// The one way into a history database (issue 26): every front end (the
// perfgate history commands, perfgate run, a suite binary's
// --perfgate_history) opens it here, so the name is read once
// (sql::parse_database_url), the schema is set up in one place, and a
// reader never writes.

#include <memory>
#include <string>

#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::history {

// sql::Access::create: the database is created when missing and its schema
// set up or migrated (ingest, a suite recording its run).  read_write: it
// must exist; a schema there is migrated (prune).  read_only: opened
// read-only (show, changes, report, the gate's spreads); a schema newer than
// this perfgate reads is refused by every mode.
std::unique_ptr<sql::Connection> open_history(const std::string& url, sql::Access access);

}  // namespace perfgate::history
