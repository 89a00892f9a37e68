#pragma once
// One connection to the history database, SQLite or PostgreSQL, behind one
// interface, so that the history store writes each statement once and both
// engines give the same results.  Statements use `?` placeholders (the
// PostgreSQL connection numbers them $1, $2, ...) and the SQL both engines
// share: BIGINT, DOUBLE PRECISION, TEXT, INSERT ... ON CONFLICT DO NOTHING,
// RETURNING.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace perfgate::sql {

// A value bound to a placeholder or read from a column.  Integers come back
// as int64, floating-point columns as double, text as string, NULL as
// nullptr_t, whichever engine stored them.
using Value = std::variant<std::nullptr_t, std::int64_t, double, std::string>;
using Row = std::vector<Value>;

// A column's value where the schema says what it holds: text ("" for NULL),
// an integer (0 for NULL), a number (either numeric type; none for NULL).
inline std::string as_text(const Value& v) { return std::holds_alternative<std::string>(v) ? std::get<std::string>(v) : ""; }
inline std::int64_t as_integer(const Value& v) { return std::holds_alternative<std::int64_t>(v) ? std::get<std::int64_t>(v) : 0; }
inline std::optional<double> as_number(const Value& v) {
  if (std::holds_alternative<double>(v)) return std::get<double>(v);
  if (std::holds_alternative<std::int64_t>(v)) return static_cast<double>(std::get<std::int64_t>(v));
  return std::nullopt;
}

// One row of a query as the engine holds it while for_each_row() runs: read
// it inside the callback, copy what must outlive it.  Columns count from 0.
class RowView {
 public:
  virtual ~RowView() = default;
  virtual bool is_null(int column) const = 0;
  virtual std::int64_t integer(int column) const = 0;    // NULL: 0
  virtual double real(int column) const = 0;             // NULL: 0.0; an integer column converted
  virtual std::string_view text(int column) const = 0;   // NULL: empty
};

class Connection {
 public:
  virtual ~Connection() = default;

  // Runs one statement with `params` bound to its `?` placeholders, in
  // order, and returns every row it yields.  Throws InputError naming the
  // database (describe()) and the engine's message when it fails.
  virtual std::vector<Row> query(const std::string& statement, const std::vector<Value>& params = {}) = 0;

  // The same statement, each row handed to `each` as the engine yields it
  // rather than copied into a table: the reads of millions of points (the
  // triage, the dashboard) allocate nothing per row.  Errors as query().
  virtual void for_each_row(const std::string& statement, const std::vector<Value>& params,
                            const std::function<void(const RowView&)>& each) = 0;

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
// connect timeout of kConnectTimeoutS, a statement timeout of
// kStatementTimeoutS and a lock timeout of kLockTimeoutS unless the URL
// sets its own (connect_timeout=N; options=-c statement_timeout=...,
// -c lock_timeout=..., or PGOPTIONS), so a stalled server or a lock held
// elsewhere is an error, not a hang.  The lock timeout is the shorter: a
// statement that waits for a lock ends with the lock's error, which says so.
inline constexpr int kConnectTimeoutS = 10;
inline constexpr int kStatementTimeoutS = 60;
inline constexpr int kLockTimeoutS = 30;
std::unique_ptr<Connection> open_database(const std::string& url, Access access = Access::create);

// What must hold of an existing SQLite file before anything is written to
// it (the switch to WAL is a write): open_history refuses another
// application's file with it.  It throws to refuse; PostgreSQL skips it.
using SqliteFileCheck = std::function<void(Connection&)>;
std::unique_ptr<Connection> open_database(const std::string& url, Access access, const SqliteFileCheck& before_writing);

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
