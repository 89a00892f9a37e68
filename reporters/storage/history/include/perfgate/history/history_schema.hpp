#pragma once
// The history database's schema, versioned like the results schema: a
// store made by an older perfgate is migrated forward in one transaction;
// one made by a newer perfgate is refused, unchanged.

#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::history {

// 1: testbeds, runs, measurements, samples, verdicts.  2: the series table,
// the triage's cached answers, a covering index for series reads.  3: a
// measurement's samples in one row.  4: each run's own device fingerprint.
inline constexpr int kHistorySchemaVersion = 7;

// Creates the tables in an empty database (open_history() is its one caller
// in perfgate), migrates an older schema, and
// checks the version.  Throws InputError("<database>: ...") for a schema
// newer than kHistorySchemaVersion or a database that is not a perfgate
// history (tables of another program).
void ensure_schema(sql::Connection& db);

// The schema version stored, 0 for an empty database; InputError for one
// newer than kHistorySchemaVersion (every reader calls this first).
int stored_schema_version(sql::Connection& db);

}  // namespace perfgate::history
