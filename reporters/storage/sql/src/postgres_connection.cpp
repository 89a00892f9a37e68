#include "postgres_connection.hpp"

#include <libpq-fe.h>
#include <poll.h>

#include <chrono>
#include <charconv>
#include <cmath>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>
#include <system_error>
#include <utility>

#include <perfgate/platform/errors.hpp>
#include <perfgate/platform/secret_redaction.hpp>

#include "database_error.hpp"
#include "placeholders.hpp"

namespace perfgate::sql {
namespace {

// Type OIDs (pg_type.h, stable across server versions).
constexpr Oid kInt8 = 20;
constexpr Oid kInt2 = 21;
constexpr Oid kInt4 = 23;
constexpr Oid kFloat4 = 700;
constexpr Oid kFloat8 = 701;
constexpr Oid kNumeric = 1700;
constexpr Oid kUnknown = 0;  // the server infers it from where the value goes

// Clears a result however the call that made it ends.
struct Result {
  PGresult* handle;
  explicit Result(PGresult* result) : handle(result) {}
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  ~Result() { PQclear(handle); }
};

// A parameter in text format, and the type it is sent as: int8 and float8
// so that `SELECT ?` gives a number back, as on SQLite; text and NULL
// unknown, so that the column they go into decides.
struct TextParameter {
  std::string text;
  Oid type = kUnknown;
  bool null = false;
};

std::string double_text(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  char buffer[32];
  // Shortest text that reads back as the same double.
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, end);
}

// The server's canonical text of a duration setting ("1min", "1500ms",
// "0"): milliseconds, or nullopt for a form not known here.
std::optional<double> setting_milliseconds(const std::string& text) {
  double number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc()) return std::nullopt;
  const std::string unit(end, text.data() + text.size());
  if (unit.empty() || unit == "ms") return number;
  if (unit == "s") return number * 1e3;
  if (unit == "min") return number * 60e3;
  if (unit == "h") return number * 3600e3;
  if (unit == "d") return number * 86400e3;
  return std::nullopt;
}

TextParameter text_parameter(const Value& value) {
  if (const auto* integer = std::get_if<std::int64_t>(&value)) return {std::to_string(*integer), kInt8, false};
  if (const auto* real = std::get_if<double>(&value)) return {double_text(*real), kFloat8, false};
  if (const auto* text = std::get_if<std::string>(&value)) return {*text, kUnknown, false};
  return {"", kUnknown, true};
}

class PostgresConnection final : public Connection {
 public:
  PostgresConnection(const DatabaseUrl& database, bool read_only)
      : conninfo_(with_connect_timeout(database)), shown_(database.shown), read_only_(read_only) {}
  PostgresConnection(const PostgresConnection&) = delete;
  PostgresConnection& operator=(const PostgresConnection&) = delete;
  ~PostgresConnection() override { PQfinish(connection_); }

  void connect() {
    connection_ = PQconnectdb(conninfo_.c_str());
    if (connection_ == nullptr) fail("could not connect: out of memory");
    if (PQstatus(connection_) != CONNECTION_OK) fail("could not connect: " + first_line(PQerrorMessage(connection_)));
    PQsetNoticeProcessor(connection_, &PostgresConnection::print_notice, this);
    // NOTICEs ("relation already exists, skipping" from the schema's
    // CREATE ... IF NOT EXISTS) would otherwise go to stderr on every run.
    std::string session = "SET client_min_messages = warning";
    // The session's own settings, from the URL's options=-c ... or PGOPTIONS, win.
    const std::string options = connection_option("options");
    if (options.find("statement_timeout") == std::string::npos)
      session += "; SET statement_timeout = '" + std::to_string(kStatementTimeoutS) + "s'";
    if (options.find("lock_timeout") == std::string::npos)
      session += "; SET lock_timeout = '" + std::to_string(kLockTimeoutS) + "s'";
    if (read_only_) session += "; SET default_transaction_read_only = on";
    execute_script(session);
    bound_answers_by_the_statement_timeout();
  }

  std::vector<Row> query(const std::string& statement, const std::vector<Value>& params) override {
    const Result result(run(statement, params));
    return rows(result.handle);
  }

  // libpq holds the whole answer in one PGresult; its rows are read in
  // place, not converted to values first.
  void for_each_row(const std::string& statement, const std::vector<Value>& params,
                    const std::function<void(const RowView&)>& each) override {
    const Result result(run(statement, params));
    const int count = PQntuples(result.handle);
    for (int r = 0; r < count; ++r) each(ResultRow(*this, result.handle, r));
  }

  void execute_script(const std::string& script) override {
    // The whole script at once; the last result, or the first error (the
    // statements after it do not run), as PQexec gives them.
    require_open();
    if (PQsendQuery(connection_, script.c_str()) == 0) fail(first_line(PQerrorMessage(connection_)));
    const Result result(await_result());
    check(result.handle);
  }

  void begin() override { execute_script("BEGIN"); }

  void commit() override {
    require_open();
    if (PQsendQuery(connection_, "COMMIT") == 0) fail(first_line(PQerrorMessage(connection_)));
    const Result result(await_result());
    check(result.handle);
    // COMMIT of a transaction that an error already aborted succeeds and
    // rolls back: the caller must hear that its writes were lost.
    if (std::strcmp(PQcmdStatus(result.handle), "ROLLBACK") == 0) {
      fail("the transaction was rolled back: a statement in it had failed");
    }
  }

  // Best effort, on the way out of a failed transaction: nothing to roll
  // back on a connection closed after a stall, and no error to report.
  void rollback() override {
    if (connection_ == nullptr || PQsendQuery(connection_, "ROLLBACK") == 0) return;
    try {
      PQclear(await_result());
    } catch (const std::exception&) {
    }
  }

  const char* engine() const override { return "postgresql"; }
  std::string describe() const override { return shown_; }

 private:
  [[noreturn]] void fail(const std::string& message) const { throw_database_error(shown_, redact_libpq_text(message)); }

  // A connection parameter as libpq took it (the URL's, a PG* variable's,
  // libpq's default), "" when unset.
  std::string connection_option(const char* keyword) const {
    PQconninfoOption* options = PQconninfo(connection_);
    std::string value;
    for (const PQconninfoOption* o = options; o != nullptr && o->keyword != nullptr; ++o)
      if (std::strcmp(o->keyword, keyword) == 0 && o->val != nullptr) value = o->val;
    PQconninfoFree(options);
    return value;
  }

  // A WARNING the server sends (client_min_messages keeps NOTICEs away):
  // one line, every line of it redacted and made printable, as an error is.
  static void print_notice(void* self, const char* message) {
    const auto* connection = static_cast<const PostgresConnection*>(self);
    std::cerr << "perfgate: warning: "
              << printable_text(redact_libpq_text(connection->shown_ + ": " + one_line(message ? message : ""))) << '\n';
  }

  void require_open() const {
    if (connection_ == nullptr) fail("the connection was closed after the server stopped answering");
  }

  // The server ends a statement at its statement_timeout, so one silent
  // well past it has stalled (stopped, or its machine or network gone) and
  // libpq alone would wait forever: answers are awaited for the session's
  // timeout plus kAnswerMarginS, none when the timeout is off (0).
  static constexpr double kAnswerMarginS = 10.0;
  void bound_answers_by_the_statement_timeout() {
    const std::vector<Row> shown = query("SHOW statement_timeout", {});
    const auto* text = shown.empty() || shown[0].empty() ? nullptr : std::get_if<std::string>(&shown[0][0]);
    const std::optional<double> ms = text ? setting_milliseconds(*text) : std::nullopt;
    answer_limit_s_ = !ms ? kStatementTimeoutS + kAnswerMarginS : *ms > 0 ? *ms / 1e3 + kAnswerMarginS : 0.0;
  }

  // The result of what was just sent, as PQexec gives it (the last result,
  // or the first error), waiting at most answer_limit_s_; past it the
  // connection is closed and the call fails.
  PGresult* await_result() {
    using Clock = std::chrono::steady_clock;
    const auto deadline =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(answer_limit_s_));
    PGresult* kept = nullptr;
    for (;;) {
      while (PQisBusy(connection_) != 0) {
        if (!wait_for_input(deadline)) {
          PQclear(kept);
          close_after_stall();
        }
        if (PQconsumeInput(connection_) == 0) {
          PQclear(kept);
          fail(first_line(PQerrorMessage(connection_)));
        }
      }
      PGresult* next = PQgetResult(connection_);
      if (next == nullptr) return kept;
      if (kept != nullptr && is_error(kept)) {
        PQclear(next);  // the first error stands
      } else {
        PQclear(kept);
        kept = next;
      }
    }
  }

  static bool is_error(const PGresult* result) {
    const ExecStatusType status = PQresultStatus(result);
    return status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK;
  }

  // False when the deadline passed first (no deadline when the limit is 0).
  bool wait_for_input(std::chrono::steady_clock::time_point deadline) const {
    pollfd socket{PQsocket(connection_), POLLIN, 0};
    for (;;) {
      int timeout_ms = -1;
      if (answer_limit_s_ > 0) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return false;
        timeout_ms = static_cast<int>(std::min<long long>(left.count(), 60'000));
      }
      const int ready = ::poll(&socket, 1, timeout_ms);
      if (ready > 0) return true;
      if (ready < 0 && errno != EINTR) return true;  // PQconsumeInput reports the socket's error
    }
  }

  [[noreturn]] void close_after_stall() {
    PQfinish(connection_);
    connection_ = nullptr;
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", answer_limit_s_);
    fail(std::string("the server did not answer within ") + seconds +
         " s (its statement timeout and 10 s more): it has stalled, or its machine or network is gone");
  }

  // Sends one statement and waits for its answer (checked).
  PGresult* run(const std::string& statement, const std::vector<Value>& params) {
    const NumberedStatement numbered = number_placeholders(statement);
    if (numbered.count != static_cast<int>(params.size())) {
      fail("the statement has " + std::to_string(numbered.count) + " placeholders, " + std::to_string(params.size()) +
           " values were given");
    }
    std::vector<TextParameter> texts;
    texts.reserve(params.size());
    for (const Value& value : params) texts.push_back(text_parameter(value));
    std::vector<Oid> types;
    std::vector<const char*> values;
    for (const TextParameter& parameter : texts) {
      types.push_back(parameter.type);
      values.push_back(parameter.null ? nullptr : parameter.text.c_str());
    }
    require_open();
    if (PQsendQueryParams(connection_, numbered.text.c_str(), numbered.count, types.data(), values.data(), nullptr,
                          nullptr, 0) == 0)
      fail(first_line(PQerrorMessage(connection_)));
    Result result(await_result());
    check(result.handle);
    PGresult* answer = result.handle;
    result.handle = nullptr;
    return answer;
  }

  // One row of a result, its text read as the column's type.
  class ResultRow final : public RowView {
   public:
    ResultRow(const PostgresConnection& connection, const PGresult* result, int row)
        : connection_(connection), result_(result), row_(row) {}
    bool is_null(int column) const override { return PQgetisnull(result_, row_, column) != 0; }
    std::int64_t integer(int column) const override {
      return is_null(column) ? 0 : connection_.parse<std::int64_t>(PQgetvalue(result_, row_, column), length(column));
    }
    double real(int column) const override {
      return is_null(column) ? 0.0 : connection_.parse<double>(PQgetvalue(result_, row_, column), length(column));
    }
    std::string_view text(int column) const override { return {PQgetvalue(result_, row_, column), length(column)}; }

   private:
    std::size_t length(int column) const { return static_cast<std::size_t>(PQgetlength(result_, row_, column)); }
    const PostgresConnection& connection_;
    const PGresult* result_;
    int row_;
  };

  void check(const PGresult* result) const {
    const ExecStatusType status = PQresultStatus(result);
    if (result != nullptr && (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK)) return;
    // The primary message alone: the rest (LINE 1: ..., a caret) takes lines.
    const char* primary = result != nullptr ? PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
    fail(primary != nullptr ? std::string(primary) : first_line(PQerrorMessage(connection_)));
  }

  std::vector<Row> rows(const PGresult* result) const {
    std::vector<Row> table;
    const int count = PQntuples(result);
    const int columns = PQnfields(result);
    table.reserve(static_cast<std::size_t>(count));
    for (int r = 0; r < count; ++r) {
      Row& row = table.emplace_back();
      row.reserve(static_cast<std::size_t>(columns));
      for (int c = 0; c < columns; ++c) row.push_back(column_value(result, r, c));
    }
    return table;
  }

  Value column_value(const PGresult* result, int row, int column) const {
    if (PQgetisnull(result, row, column) != 0) return nullptr;
    const char* text = PQgetvalue(result, row, column);
    const std::size_t size = static_cast<std::size_t>(PQgetlength(result, row, column));
    switch (PQftype(result, column)) {
      case kInt2:
      case kInt4:
      case kInt8:
        return parse<std::int64_t>(text, size);
      case kFloat4:
      case kFloat8:
      case kNumeric:
        return parse<double>(text, size);
      default:
        return std::string(text, size);
    }
  }

  // The server's text form, read without the C library's locale.
  template <typename Number>
  Number parse(const char* text, std::size_t size) const {
    Number number{};
    const auto [end, error] = std::from_chars(text, text + size, number);
    if (error != std::errc() || end != text + size) {
      fail("cannot read the number '" + std::string(text, size) + "' the server returned");
    }
    return number;
  }

  // libpq waits for a server that accepts and never answers as long as the
  // kernel keeps the socket: connect_timeout bounds it, unless the URL set
  // its own.
  static std::string with_connect_timeout(const DatabaseUrl& database) {
    const std::string& conninfo = database.location;
    if (conninfo.find("connect_timeout") != std::string::npos) return conninfo;
    const std::string timeout = "connect_timeout=" + std::to_string(kConnectTimeoutS);
    if (!database.uri) return conninfo + " " + timeout;
    return conninfo + (conninfo.find('?') == std::string::npos ? "?" : "&") + timeout;
  }

  std::string conninfo_;
  std::string shown_;
  bool read_only_;
  double answer_limit_s_ = kStatementTimeoutS + kAnswerMarginS;
  PGconn* connection_ = nullptr;
};

}  // namespace

std::unique_ptr<Connection> open_postgres(const DatabaseUrl& database, bool read_only) {
  auto connection = std::make_unique<PostgresConnection>(database, read_only);
  connection->connect();
  return connection;
}

}  // namespace perfgate::sql
