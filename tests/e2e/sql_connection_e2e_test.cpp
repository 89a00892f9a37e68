// What the history store relies on, tested once for both engines: SQLite in
// a temporary file and PostgreSQL on the binary's private server.

#include <gtest/gtest.h>

#include <memory>
#include <perfgate/platform/errors.hpp>
#include <perfgate/sql/sql_connection.hpp>
#include <stdexcept>
#include <string>

#include "test_database.hpp"
#include "shell.hpp"

namespace perfgate::sql {
namespace {


class SqlConnectionTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const perfgate::testing::TestDatabase database = perfgate::testing::test_database(GetParam(), dir_.path(), "history.db");
    if (database.url.empty()) GTEST_SKIP() << database.skip_reason;
    url_ = database.url;
    db_ = open_database(url_);
    // The server's database outlives a test: each starts from no tables.
    db_->execute_script(
        "DROP TABLE IF EXISTS samples; DROP TABLE IF EXISTS runs;"
        "CREATE TABLE samples (id BIGINT, ratio DOUBLE PRECISION, name TEXT, note TEXT);"
        "CREATE TABLE runs (name TEXT PRIMARY KEY, started BIGINT NOT NULL)");
  }

  std::int64_t count(const std::string& table) {
    return std::get<std::int64_t>(db_->query("SELECT COUNT(*) FROM " + table).at(0).at(0));
  }

  void insert_sample(Connection& db, std::int64_t id) {
    db.query("INSERT INTO samples (id, ratio, name, note) VALUES (?, ?, ?, ?)", {id, 0.5, std::string("s"), nullptr});
  }

  perfgate::testing::TempDir dir_;
  std::string url_;
  std::unique_ptr<Connection> db_;
};

TEST_P(SqlConnectionTest, EngineIsTheOneTheUrlNames) { EXPECT_EQ(db_->engine(), GetParam()); }

TEST_P(SqlConnectionTest, EveryValueTypeRoundTripsThroughPlaceholders) {
  // 2^53 + 1 is no double: an integer read through a double would change.
  const Row stored{std::int64_t{9'007'199'254'740'993}, 0.1, std::string("it's \"quoted\" ☃ ?"), nullptr};
  db_->query("INSERT INTO samples (id, ratio, name, note) VALUES (?, ?, ?, ?)", stored);
  db_->query("INSERT INTO samples (id, ratio, name, note) VALUES (?, ?, ?, ?)",
             {std::int64_t{-1}, -1e-300, std::string(), std::string("x")});
  EXPECT_EQ(db_->query("SELECT id, ratio, name, note FROM samples WHERE id = ?", {stored[0]}),
            std::vector<Row>{stored});
  EXPECT_EQ(db_->query("SELECT id, ratio, name, note FROM samples WHERE ratio < ?", {0.0}),
            (std::vector<Row>{{std::int64_t{-1}, -1e-300, std::string(), std::string("x")}}));
}

TEST_P(SqlConnectionTest, RowsReadInPlaceHoldWhatQueryReturns) {
  db_->query("INSERT INTO samples (id, ratio, name, note) VALUES (?, ?, ?, ?)",
             {std::int64_t{9'007'199'254'740'993}, 0.1, std::string("it's \"quoted\" ☃ ?"), nullptr});
  db_->query("INSERT INTO samples (id, ratio, name, note) VALUES (?, ?, ?, ?)",
             {std::int64_t{-1}, -1e-300, std::string(), std::string("x")});
  const std::string select = "SELECT id, ratio, name, note FROM samples WHERE id < ? ORDER BY id";
  const std::vector<Row> rows = db_->query(select, {std::int64_t{1} << 62});
  std::vector<Row> read;
  db_->for_each_row(select, {std::int64_t{1} << 62}, [&](const RowView& row) {
    read.push_back({row.integer(0), row.real(1), std::string(row.text(2)),
                    row.is_null(3) ? Value(nullptr) : Value(std::string(row.text(3)))});
    EXPECT_FALSE(row.is_null(0));
  });
  EXPECT_EQ(read, rows);
  ASSERT_EQ(read.size(), 2u);
  std::size_t calls = 0;
  db_->for_each_row("SELECT id FROM samples WHERE id > ?", {std::int64_t{1} << 62}, [&](const RowView&) { ++calls; });
  EXPECT_EQ(calls, 0u);
  EXPECT_THROW(db_->for_each_row("SELECT nothing FROM nowhere", {}, [](const RowView&) {}), InputError);
}

// A statement run again (SQLite keeps it prepared for its next use) sees
// only its new values, not the last run's: a value left bound where a
// later run binds NULL, a row read before, a step stopped by an error, or
// the same text run inside its own row callback.
TEST_P(SqlConnectionTest, AStatementRunAgainAnswersWithItsNewValuesOnly) {
  const std::string insert = "INSERT INTO samples (id, ratio, name, note) VALUES (?, ?, ?, ?)";
  for (std::int64_t id = 1; id <= 40; ++id)
    db_->query(insert, {id, 0.5 * static_cast<double>(id), std::string("n") + std::to_string(id),
                        id % 2 == 0 ? Value(std::string("even")) : Value(nullptr)});
  const std::string select = "SELECT id, note FROM samples WHERE id BETWEEN ? AND ? ORDER BY id";
  for (std::int64_t first = 1; first <= 31; first += 10) {
    const std::vector<Row> rows = db_->query(select, {first, first + 9});
    ASSERT_EQ(rows.size(), 10u) << first;
    EXPECT_EQ(rows.front().at(0), Value(first));
    EXPECT_EQ(rows.at(0).at(1), Value(nullptr)) << first;  // odd ids were bound NULL after an even one
    EXPECT_EQ(rows.at(1).at(1), Value(std::string("even"))) << first;
  }
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM samples WHERE note IS NULL", {}).at(0).at(0), Value(std::int64_t{20}));
  const std::string add_run = "INSERT INTO runs (name, started) VALUES (?, ?)";
  db_->query(add_run, {std::string("a"), std::int64_t{1}});
  EXPECT_THROW(db_->query(add_run, {std::string("a"), std::int64_t{2}}), InputError);  // the name is taken
  db_->query(add_run, {std::string("b"), std::int64_t{3}});
  EXPECT_EQ(db_->query("SELECT name, started FROM runs ORDER BY name", {}),
            (std::vector<Row>{{std::string("a"), std::int64_t{1}}, {std::string("b"), std::int64_t{3}}}));
  std::vector<std::int64_t> outer;
  std::size_t inner = 0;
  db_->for_each_row(select, {std::int64_t{1}, std::int64_t{3}}, [&](const RowView& row) {
    outer.push_back(row.integer(0));
    db_->for_each_row(select, {std::int64_t{10}, std::int64_t{12}}, [&](const RowView&) { ++inner; });
  });
  EXPECT_EQ(outer, (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(inner, 9u);
  EXPECT_EQ(db_->query(select, {std::int64_t{40}, std::int64_t{99}}).size(), 1u);
}

TEST_P(SqlConnectionTest, BoundValuesKeepTheirTypesInASelect) {
  EXPECT_EQ(db_->query("SELECT ?, ?, ?, ?", {std::int64_t{7}, 2.5, std::string("text"), nullptr}),
            (std::vector<Row>{{std::int64_t{7}, 2.5, std::string("text"), nullptr}}));
}

TEST_P(SqlConnectionTest, QuestionMarkInAStringLiteralStaysLiteral) {
  EXPECT_EQ(db_->query("SELECT 'why?', ?", {std::int64_t{1}}),
            (std::vector<Row>{{std::string("why?"), std::int64_t{1}}}));
}

TEST_P(SqlConnectionTest, FailedStatementIsAnInputErrorNamingTheDatabase) {
  try {
    db_->query("SELECT total FROM no_such_table WHERE id = ?", {std::int64_t{1}});
    FAIL() << "no error";
  } catch (const InputError& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.rfind(db_->describe() + ": ", 0), 0u) << message;
    EXPECT_NE(message.find("no_such_table"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST_P(SqlConnectionTest, WrongNumberOfValuesIsAnInputError) {
  EXPECT_THROW(db_->query("SELECT ?, ?", {std::int64_t{1}}), InputError);
}

TEST_P(SqlConnectionTest, RollbackLeavesNoRows) {
  db_->begin();
  insert_sample(*db_, 1);
  db_->rollback();
  EXPECT_EQ(count("samples"), 0);
}

TEST_P(SqlConnectionTest, TransactionRollsBackWhenAnExceptionLeavesIt) {
  try {
    Transaction transaction(*db_);
    insert_sample(*db_, 1);
    throw std::runtime_error("ingest failed");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(count("samples"), 0);
}

TEST_P(SqlConnectionTest, CommittedTransactionIsSeenByAnotherConnection) {
  {
    Transaction transaction(*db_);
    insert_sample(*db_, 1);
    insert_sample(*db_, 2);
    transaction.commit();
  }
  EXPECT_EQ(std::get<std::int64_t>(open_database(url_)->query("SELECT COUNT(*) FROM samples").at(0).at(0)), 2);
}

TEST_P(SqlConnectionTest, OnConflictDoNothingReturnsOnlyNewRows) {
  const std::string insert =
      "INSERT INTO runs (name, started) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING name, started";
  EXPECT_EQ(db_->query(insert, {std::string("a"), std::int64_t{1}}),
            (std::vector<Row>{{std::string("a"), std::int64_t{1}}}));
  EXPECT_TRUE(db_->query(insert, {std::string("a"), std::int64_t{2}}).empty());
  EXPECT_TRUE(db_->query("INSERT INTO runs (name, started) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                         {std::string("a"), std::int64_t{3}})
                  .empty());
  EXPECT_EQ(db_->query("SELECT started FROM runs"), (std::vector<Row>{{std::int64_t{1}}}));
}

TEST_P(SqlConnectionTest, ScriptRunsEveryStatementAndStopsAtAnError) {
  db_->execute_script(
      "INSERT INTO runs (name, started) VALUES ('a', 1);"
      "INSERT INTO runs (name, started) VALUES ('b', 2)");
  EXPECT_EQ(count("runs"), 2);
  EXPECT_THROW(db_->execute_script("INSERT INTO runs (name, started) VALUES ('c', 3); SELECT * FROM no_such_table"),
               InputError);
}

INSTANTIATE_TEST_SUITE_P(Engines, SqlConnectionTest, ::testing::Values("sqlite", "postgresql"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace perfgate::sql
