// The SQLite engine's own behaviour; what both engines share is tested once
// for both in tests/e2e/sql_connection_e2e_test.cpp.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <perfgate/platform/errors.hpp>
#include <perfgate/sql/sql_connection.hpp>
#include <string>

#include "shell.hpp"

namespace perfgate::sql {
namespace {

using perfgate::testing::TempDir;

std::int64_t count_rows(Connection& db, const std::string& table) {
  return std::get<std::int64_t>(db.query("SELECT COUNT(*) FROM " + table).at(0).at(0));
}

TEST(SqliteConnection, CreatesTheFileAndNamesIt) {
  const TempDir dir;
  const std::string file = (dir / "history.db").string();
  const auto db = open_database(file);
  EXPECT_TRUE(std::filesystem::exists(file));
  EXPECT_STREQ(db->engine(), "sqlite");
  EXPECT_EQ(db->describe(), file);
}

TEST(SqliteConnection, MissingFolderIsAnInputErrorNamingTheFile) {
  const TempDir dir;
  const std::string file = (dir / "no-such-folder" / "history.db").string();
  try {
    open_database(file);
    FAIL() << "opened " << file;
  } catch (const InputError& error) {
    EXPECT_EQ(std::string(error.what()),
              file + ": the folder " + (dir / "no-such-folder").string() + " does not exist");
  }
}

TEST(SqliteConnection, ValuesComeBackWithTheTypeTheyWereStoredWith) {
  const TempDir dir;
  const auto db = open_database((dir / "history.db").string());
  const std::vector<Row> rows = db->query("SELECT 42, 1.5, 'text', NULL, CAST(3 AS DOUBLE PRECISION)");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0], (Row{std::int64_t{42}, 1.5, std::string("text"), nullptr, 3.0}));
}

TEST(SqliteConnection, ForeignKeysAreEnforced) {
  const TempDir dir;
  const auto db = open_database((dir / "history.db").string());
  db->execute_script(
      "CREATE TABLE runs (id BIGINT PRIMARY KEY);"
      "CREATE TABLE samples (run BIGINT NOT NULL REFERENCES runs (id), value DOUBLE PRECISION)");
  EXPECT_THROW(db->query("INSERT INTO samples (run, value) VALUES (?, ?)", {std::int64_t{7}, 1.0}), InputError);
}

TEST(SqliteConnection, OneStatementPerQuery) {
  const TempDir dir;
  const auto db = open_database((dir / "history.db").string());
  EXPECT_THROW(db->query("SELECT 1; SELECT 2"), InputError);
  EXPECT_EQ(db->query("SELECT 1;  ").size(), 1u);
}

// Each writer reads the highest number and inserts the next one in its own
// transaction: if two transactions ever overlapped, a number would repeat,
// and a writer that gave up on the lock would leave one out.
void write_numbers(const std::string& file, int count) {
  const auto db = open_database(file);
  for (int i = 0; i < count; ++i) {
    Transaction transaction(*db);
    const Value top = db->query("SELECT MAX(n) FROM numbers").at(0).at(0);
    const std::int64_t next = std::holds_alternative<std::int64_t>(top) ? std::get<std::int64_t>(top) + 1 : 1;
    db->query("INSERT INTO numbers (n) VALUES (?)", {next});
    transaction.commit();
  }
}

TEST(SqliteConnection, ConcurrentProcessWritersAreSerializedAndNoneIsLost) {
  const TempDir dir;
  const std::string file = (dir / "history.db").string();
  open_database(file)->execute_script("CREATE TABLE numbers (n BIGINT NOT NULL)");
  constexpr int kWriters = 2;
  constexpr int kEach = 200;
  pid_t children[kWriters];
  for (pid_t& child : children) {
    child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      int status = 0;
      try {
        write_numbers(file, kEach);
      } catch (const std::exception& error) {
        std::fprintf(stderr, "writer %d: %s\n", static_cast<int>(::getpid()), error.what());
        status = 1;
      }
      std::_Exit(status);  // not the parent's atexit handlers or gtest's
    }
  }
  for (pid_t child : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a writer failed, status " << status;
  }
  const auto db = open_database(file);
  EXPECT_EQ(count_rows(*db, "numbers"), kWriters * kEach);
  const Row summary = db->query("SELECT COUNT(DISTINCT n), MIN(n), MAX(n) FROM numbers").at(0);
  EXPECT_EQ(summary, (Row{std::int64_t{kWriters * kEach}, std::int64_t{1}, std::int64_t{kWriters * kEach}}));
}

}  // namespace
}  // namespace perfgate::sql
