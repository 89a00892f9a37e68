// The PostgreSQL engine's own behaviour, on the binary's private server.

#include <gtest/gtest.h>

#include <perfgate/model/errors.hpp>
#include <perfgate/sql/sql_connection.hpp>
#include <string>
#include <thread>
#include <vector>

#include "postgres_cluster.hpp"
#include "shell.hpp"

namespace perfgate::sql {
namespace {

using perfgate::testing::PostgresCluster;
using perfgate::testing::TempDir;

std::string connect_error(const std::string& url) {
  try {
    open_database(url);
  } catch (const InputError& error) {
    return error.what();
  }
  return "connected";
}

// No server is needed for these: libpq finds no socket in an empty folder.
TEST(PostgresConnection, UnreachableServerIsOneLineWithoutThePassword) {
  const TempDir nothing;
  const std::string shown = "postgresql://perfgate@/history?host=" + nothing.path().string() + "&port=5432";
  const std::string message = connect_error("postgresql://perfgate:s3cret@/history?host=" + nothing.path().string() +
                                            "&port=5432&password=s3cret");
  EXPECT_EQ(message.rfind(shown + ": could not connect: ", 0), 0u) << message;
  EXPECT_NE(message.find(".s.PGSQL.5432"), std::string::npos) << message;  // libpq's own cause
  EXPECT_EQ(message.find("s3cret"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(PostgresConnection, KeyValueFormIsShownWithoutThePassword) {
  const TempDir nothing;
  const std::string message =
      connect_error("postgresql:host=" + nothing.path().string() + " dbname=history password=s3cret");
  EXPECT_EQ(message.rfind("postgresql:host=" + nothing.path().string() + " dbname=history: could not connect: ", 0), 0u)
      << message;
  EXPECT_EQ(message.find("s3cret"), std::string::npos) << message;
}

class PostgresServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const PostgresCluster& cluster = PostgresCluster::shared();
    if (!cluster.running()) GTEST_SKIP() << cluster.skip_reason();
    url_ = cluster.url();
    db_ = open_database(url_);
  }

  std::string url_;
  std::unique_ptr<Connection> db_;
};

TEST_F(PostgresServerTest, ColumnTypesDecideTheValueTypes) {
  const std::vector<Row> rows = db_->query(
      "SELECT 1::int2, 2::int4, 3::int8, 1.5::float4, 2.25::float8, 0.125::numeric, 'x'::text, true, NULL::int8");
  EXPECT_EQ(rows, (std::vector<Row>{{std::int64_t{1}, std::int64_t{2}, std::int64_t{3}, 1.5, 2.25, 0.125,
                                     std::string("x"), std::string("t"), nullptr}}));
}

TEST_F(PostgresServerTest, NoticesAreNotPrinted) {
  ::testing::internal::CaptureStderr();
  db_->execute_script("DROP TABLE IF EXISTS no_such_table_either");
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
}

TEST_F(PostgresServerTest, CommitAfterAFailedStatementThrows) {
  db_->execute_script("DROP TABLE IF EXISTS kept; CREATE TABLE kept (n BIGINT)");
  db_->begin();
  db_->query("INSERT INTO kept (n) VALUES (?)", {std::int64_t{1}});
  EXPECT_THROW(db_->query("SELECT * FROM no_such_table"), InputError);
  try {
    db_->commit();
    FAIL() << "the aborted transaction committed";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("rolled back"), std::string::npos) << error.what();
  }
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM kept"), (std::vector<Row>{{std::int64_t{0}}}));
}

TEST_F(PostgresServerTest, ConcurrentConnectionsAllLand) {
  db_->execute_script(
      "DROP TABLE IF EXISTS landed;"
      "CREATE TABLE landed (writer BIGINT NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (writer, n))");
  constexpr int kWriters = 6;
  constexpr int kEach = 50;
  std::vector<std::string> failures(kWriters);
  std::vector<std::thread> writers;
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([&, w] {
      try {
        const auto db = open_database(url_);
        for (int n = 0; n < kEach; ++n) {
          Transaction transaction(*db);
          db->query("INSERT INTO landed (writer, n) VALUES (?, ?)", {std::int64_t{w}, std::int64_t{n}});
          transaction.commit();
        }
      } catch (const std::exception& error) {
        failures[static_cast<std::size_t>(w)] = error.what();
      }
    });
  }
  for (std::thread& writer : writers) writer.join();
  for (const std::string& failure : failures) EXPECT_EQ(failure, "");
  EXPECT_EQ(db_->query("SELECT COUNT(*), COUNT(DISTINCT writer) FROM landed"),
            (std::vector<Row>{{std::int64_t{kWriters * kEach}, std::int64_t{kWriters}}}));
}

}  // namespace
}  // namespace perfgate::sql
