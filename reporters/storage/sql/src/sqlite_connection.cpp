#include "sqlite_connection.hpp"

#include <sqlite3.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <unordered_map>
#include <utility>

#include "database_error.hpp"

namespace perfgate::sql {
namespace {

// Long enough for another process's ingest of a large run to finish: a
// writer that gives up loses its run, one that waits only comes late.
constexpr int kBusyTimeoutMs = 60'000;

// Whether this process may write the file and its folder (where SQLite
// puts the -wal and -shm files).
bool writable_here(const std::string& file) {
  if (file == ":memory:") return true;
  const std::filesystem::path path(file);
  const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  return ::access(file.c_str(), W_OK) == 0 && ::access(folder.c_str(), W_OK) == 0;
}

// file:PATH?immutable=1, the path percent-encoded where a URI needs it.
std::string immutable_uri(const std::string& file) {
  std::string uri = "file:";
  for (const char c : file) {
    if (c == '%' || c == '?' || c == '#' || static_cast<unsigned char>(c) < 0x21) {
      char escaped[4];
      std::snprintf(escaped, sizeof escaped, "%%%02X", static_cast<unsigned char>(c));
      uri += escaped;
    } else {
      uri += c;
    }
  }
  return uri + "?immutable=1";
}

bool is_blank_tail(const char* tail) {
  for (; *tail != '\0'; ++tail) {
    if (*tail != ' ' && *tail != '\t' && *tail != '\n' && *tail != '\r' && *tail != ';') return false;
  }
  return true;
}

// Prepared statements kept for their next use, by text.  Preparing is
// parsing: a multi-row INSERT of 500 rows is 3,500 placeholders, and an
// ingest prepared one a flush (a third of its time; docs/measurements.md,
// "History ingest rate").  A few texts are repeated; the rest pass through.
class StatementCache {
 public:
  static constexpr std::size_t kKept = 16;

  StatementCache() = default;
  StatementCache(const StatementCache&) = delete;
  StatementCache& operator=(const StatementCache&) = delete;
  ~StatementCache() { clear(); }

  // An idle statement prepared from this text, or null.
  sqlite3_stmt* take(const std::string& text) {
    const auto found = idle_.find(text);
    if (found == idle_.end()) return nullptr;
    sqlite3_stmt* statement = found->second;
    idle_.erase(found);
    return statement;
  }

  // A statement done with: reset, its values unbound, and kept while there
  // is room (and no idle one of its text), else finalized.
  void give_back(const std::string& text, sqlite3_stmt* statement) {
    sqlite3_reset(statement);
    sqlite3_clear_bindings(statement);
    if (idle_.size() >= kKept || !idle_.emplace(text, statement).second) sqlite3_finalize(statement);
  }

  void clear() {
    for (auto& [text, statement] : idle_) sqlite3_finalize(statement);
    idle_.clear();
  }

 private:
  std::unordered_map<std::string, sqlite3_stmt*> idle_;
};

// A prepared statement for one query, given back to the cache however the
// query ends.
class Statement {
 public:
  Statement(StatementCache& cache, std::string text) : cache_(cache), text_(std::move(text)) {}
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement() {
    if (handle != nullptr) cache_.give_back(text_, handle);
  }
  const std::string& text() const { return text_; }

  sqlite3_stmt* handle = nullptr;

 private:
  StatementCache& cache_;
  std::string text_;
};

// The row a stepped statement stands on, read in place.
class StepRow final : public RowView {
 public:
  explicit StepRow(sqlite3_stmt* statement) : statement_(statement) {}
  bool is_null(int column) const override { return sqlite3_column_type(statement_, column) == SQLITE_NULL; }
  std::int64_t integer(int column) const override { return sqlite3_column_int64(statement_, column); }
  double real(int column) const override { return sqlite3_column_double(statement_, column); }
  std::string_view text(int column) const override {
    const auto* bytes = reinterpret_cast<const char*>(sqlite3_column_text(statement_, column));
    if (bytes == nullptr) return {};
    return {bytes, static_cast<std::size_t>(sqlite3_column_bytes(statement_, column))};
  }

 private:
  sqlite3_stmt* statement_;
};

class SqliteConnection final : public Connection {
 public:
  SqliteConnection(std::string file, Access access, SqliteFileCheck before_writing)
      : file_(std::move(file)), access_(access), before_writing_(std::move(before_writing)) {}
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;
  ~SqliteConnection() override {
    statements_.clear();  // before the connection they were prepared on
    sqlite3_close_v2(db_);
  }

  void open() {
    if (access_ == Access::read_only) {
      open_for_reading();
      return;
    }
    require_writable_here();
    const int create = access_ == Access::create ? SQLITE_OPEN_CREATE : 0;
    open_with(file_, SQLITE_OPEN_READWRITE | create | SQLITE_OPEN_NOMUTEX);
    if (before_writing_) before_writing_(*this);
    // WAL: readers never wait for the writer, and a commit is one append.
    execute_script("PRAGMA foreign_keys = ON");
    enter_wal_mode();
  }

  // A reader never writes: no WAL switch, query_only.  A WAL file SQLite
  // cannot write beside (a read-only file, folder or mount, another user's
  // file) is opened immutable: SQLite then needs no -shm and takes no lock,
  // which is right for a history nobody can write from here.
  void open_for_reading() {
    if (writable_here(file_)) {
      open_with(file_, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
    } else {
      open_with(immutable_uri(file_), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX);
    }
    execute_script("PRAGMA query_only = 1");
  }

  // SQLite opens a file it may not write read-only, yet still makes the
  // -wal and -shm files beside it (this user's, mode 0644), and the write
  // that then fails leaves them there: the owner's next write is refused
  // (issue 41).  A file that exists is written only where this user may
  // write it and, unless both are there already, create its -wal and -shm.
  void require_writable_here() const {
    std::error_code error;
    if (file_ == ":memory:" || !std::filesystem::exists(file_, error)) return;
    if (::access(file_.c_str(), W_OK) != 0)
      fail("this user cannot write the history file (read-only, or another user's); nothing was opened for writing");
    const bool beside = std::filesystem::exists(file_ + "-wal", error) && std::filesystem::exists(file_ + "-shm", error);
    if (!beside && !writable_here(file_))
      fail("this user cannot create files in its folder (where SQLite keeps the -wal and -shm files); nothing was "
           "opened for writing");
  }

  void open_with(const std::string& name, int flags) {
    if (sqlite3_open_v2(name.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
      // db_ may be null when SQLite could not even allocate it.
      fail(db_ != nullptr ? sqlite3_errmsg(db_) : "cannot open the database");
    }
    sqlite3_extended_result_codes(db_, 1);
    sqlite3_busy_timeout(db_, kBusyTimeoutMs);
    // SQLite's default page cache (2 MiB) makes a history of millions of
    // measurements a system call per page touched: a series read, an index
    // insert.  64 MiB holds the runs and the index pages a batch touches.
    sqlite3_exec(db_, "PRAGMA cache_size = -65536", nullptr, nullptr, nullptr);
  }

  // Switching a new file to WAL needs the file to itself, and SQLite may
  // answer SQLITE_BUSY at once, without its busy handler, while another
  // process is creating or switching the same file: retry within the timeout.
  void enter_wal_mode() {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
    for (;;) {
      const int status = sqlite3_exec(db_, "PRAGMA journal_mode = WAL", nullptr, nullptr, nullptr);
      if (status == SQLITE_OK) return;
      const int primary = status & 0xff;
      if ((primary != SQLITE_BUSY && primary != SQLITE_LOCKED) || std::chrono::steady_clock::now() > deadline)
        fail(sqlite3_errmsg(db_));
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }

  std::vector<Row> query(const std::string& statement, const std::vector<Value>& params) override {
    Statement prepared(statements_, statement);
    prepare(prepared, params);
    return rows(prepared.handle);
  }

  void for_each_row(const std::string& statement, const std::vector<Value>& params,
                    const std::function<void(const RowView&)>& each) override {
    Statement prepared(statements_, statement);
    prepare(prepared, params);
    const StepRow row(prepared.handle);
    for (int step = sqlite3_step(prepared.handle); step != SQLITE_DONE; step = sqlite3_step(prepared.handle)) {
      if (step != SQLITE_ROW) fail(sqlite3_errmsg(db_));
      each(row);
    }
  }

  void execute_script(const std::string& script) override {
    char* message = nullptr;
    if (sqlite3_exec(db_, script.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
      const std::string text = message != nullptr ? message : sqlite3_errmsg(db_);
      sqlite3_free(message);
      fail(text);
    }
  }

  // IMMEDIATE takes the write lock now, waiting out the busy timeout, rather
  // than at the first write, where two readers upgrading would deadlock and
  // one of them would fail with SQLITE_BUSY at once.
  void begin() override { execute_script("BEGIN IMMEDIATE"); }
  void commit() override { execute_script("COMMIT"); }
  void rollback() override {
    // Some errors (a full disk, an interrupt) already rolled SQLite back.
    if (sqlite3_get_autocommit(db_) == 0) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }

  const char* engine() const override { return "sqlite"; }
  std::string describe() const override { return file_; }

 private:
  [[noreturn]] void fail(const std::string& message) const { throw_database_error(file_, message); }

  // The statement of this text, prepared now or kept from its last use.
  void prepare(Statement& prepared, const std::vector<Value>& params) {
    const std::string& statement = prepared.text();
    prepared.handle = statements_.take(statement);
    if (prepared.handle == nullptr) {
      const char* tail = nullptr;
      if (sqlite3_prepare_v2(db_, statement.c_str(), static_cast<int>(statement.size() + 1), &prepared.handle,
                             &tail) != SQLITE_OK) {
        fail(sqlite3_errmsg(db_));
      }
      if (prepared.handle == nullptr || (tail != nullptr && !is_blank_tail(tail))) {
        fail("query() runs exactly one statement: " + statement);
      }
    }
    bind(prepared.handle, params);
  }

  void bind(sqlite3_stmt* statement, const std::vector<Value>& params) {
    const int expected = sqlite3_bind_parameter_count(statement);
    if (expected != static_cast<int>(params.size())) {
      fail("the statement has " + std::to_string(expected) + " placeholders, " + std::to_string(params.size()) +
           " values were given");
    }
    for (int i = 0; i < expected; ++i) {
      if (bind_one(statement, i + 1, params[static_cast<std::size_t>(i)]) != SQLITE_OK) fail(sqlite3_errmsg(db_));
    }
  }

  static int bind_one(sqlite3_stmt* statement, int index, const Value& value) {
    if (const auto* integer = std::get_if<std::int64_t>(&value)) return sqlite3_bind_int64(statement, index, *integer);
    if (const auto* real = std::get_if<double>(&value)) return sqlite3_bind_double(statement, index, *real);
    if (const auto* text = std::get_if<std::string>(&value)) {
      return sqlite3_bind_text64(statement, index, text->data(), text->size(), SQLITE_TRANSIENT, SQLITE_UTF8);
    }
    return sqlite3_bind_null(statement, index);
  }

  std::vector<Row> rows(sqlite3_stmt* statement) {
    std::vector<Row> result;
    const int columns = sqlite3_column_count(statement);
    for (int step = sqlite3_step(statement); step != SQLITE_DONE; step = sqlite3_step(statement)) {
      if (step != SQLITE_ROW) fail(sqlite3_errmsg(db_));
      Row& row = result.emplace_back();
      row.reserve(static_cast<std::size_t>(columns));
      for (int column = 0; column < columns; ++column) row.push_back(column_value(statement, column));
    }
    return result;
  }

  // By the stored value's type, not the column's declared one: SQLite keeps
  // each value's own type, and an integer stays an integer.
  static Value column_value(sqlite3_stmt* statement, int column) {
    switch (sqlite3_column_type(statement, column)) {
      case SQLITE_INTEGER:
        return static_cast<std::int64_t>(sqlite3_column_int64(statement, column));
      case SQLITE_FLOAT:
        return sqlite3_column_double(statement, column);
      case SQLITE_NULL:
        return nullptr;
      default: {  // TEXT, and a BLOB as its bytes
        const auto* bytes = static_cast<const char*>(sqlite3_column_blob(statement, column));
        const int size = sqlite3_column_bytes(statement, column);
        return bytes == nullptr ? std::string() : std::string(bytes, static_cast<std::size_t>(size));
      }
    }
  }

  std::string file_;
  Access access_;
  SqliteFileCheck before_writing_;
  sqlite3* db_ = nullptr;
  StatementCache statements_;
};

}  // namespace

std::unique_ptr<Connection> open_sqlite(const std::filesystem::path& file, Access access,
                                        const SqliteFileCheck& before_writing) {
  auto connection = std::make_unique<SqliteConnection>(file.string(), access, before_writing);
  connection->open();
  return connection;
}

}  // namespace perfgate::sql
