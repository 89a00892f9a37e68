#pragma once
// One connection to the history database, SQLite or PostgreSQL, behind one
// interface, so that the history store writes each statement once and both
// engines give the same results.  Statements use `?` placeholders (the
// PostgreSQL connection numbers them $1, $2, ...) and the SQL both engines
// share: BIGINT, DOUBLE PRECISION, TEXT, INSERT ... ON CONFLICT DO NOTHING,
// RETURNING.

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace perfgate::sql {

// A value bound to a placeholder or read from a column.  Integers come back
// as int64, floating-point columns as double, text as string, NULL as
// nullptr_t, whichever engine stored them.
using Value = std::variant<std::nullptr_t, std::int64_t, double, std::string>;
using Row = std::vector<Value>;

class Connection {
 public:
  virtual ~Connection() = default;

  // Runs one statement with `params` bound to its `?` placeholders, in
  // order, and returns every row it yields.  Throws InputError naming the
  // database (describe()) and the engine's message when it fails.
  virtual std::vector<Row> query(const std::string& statement, const std::vector<Value>& params = {}) = 0;

  // Several statements separated by ';', no parameters (the schema).
  virtual void execute_script(const std::string& script) = 0;

  // A write transaction.  SQLite: BEGIN IMMEDIATE, waiting (busy timeout)
  // while another process writes, so concurrent writers are serialized and
  // none is lost.  PostgreSQL: BEGIN.
  virtual void begin() = 0;
  virtual void commit() = 0;
  virtual void rollback() = 0;  // never throws

  // "sqlite" or "postgresql".
  virtual const char* engine() const = 0;
  // The database in messages: the file's path, or the URL without its
  // password.
  virtual std::string describe() const = 0;
};

// How a command uses the database.  read_only: the readers (show, changes,
// report, the gate's spreads) never write, so a history on a read-only
// file, folder or mount, or another user's, can be read; an SQLite file is
// neither created nor switched to WAL, and a PostgreSQL session is read-only.
// read_write: an SQLite file must exist already (prune).  create: an
// SQLite file is created when missing (ingest, a suite recording its run).
enum class Access { read_only, read_write, create };

// Opens the database `url` names (parse_database_url(): the one reader of
// the name).  Throws InputError, one line naming the database without its
// password, when it cannot be opened or reached; a missing SQLite file,
// unless `access` is create, is "no history there".  PostgreSQL gets a
// connect timeout of kConnectTimeoutS and a statement timeout of
// kStatementTimeoutS unless the URL sets its own (connect_timeout=N;
// options=-c statement_timeout=...), so a stalled server is an error, not a
// hang.
inline constexpr int kConnectTimeoutS = 10;
inline constexpr int kStatementTimeoutS = 60;
std::unique_ptr<Connection> open_database(const std::string& url, Access access = Access::create);

// Commits when the scope ends normally, rolls back when an exception leaves
// it: a failed ingest leaves the store as it was.
class Transaction {
 public:
  explicit Transaction(Connection& connection) : connection_(connection) { connection_.begin(); }
  ~Transaction() {
    if (!done_) connection_.rollback();
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit() {
    connection_.commit();
    done_ = true;
  }

 private:
  Connection& connection_;
  bool done_ = false;
};

}  // namespace perfgate::sql
