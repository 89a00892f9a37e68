// The PostgreSQL engine's own behaviour, on the binary's private server.

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>

#include <perfgate/platform/errors.hpp>
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
  const std::string shown =
      "postgresql://perfgate:***@/history?host=" + nothing.path().string() + "&port=5432&password=***";
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
  EXPECT_EQ(message.rfind("postgresql:host=" + nothing.path().string() + " dbname=history password=***: could not connect: ", 0), 0u)
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

// The default statement timeout is set, and a URL's own wins.
TEST_F(PostgresServerTest, StatementTimeoutIsSetAndTheUrlOverridesIt) {
  EXPECT_EQ(db_->query("SHOW statement_timeout"), (std::vector<Row>{{std::string("1min")}}));
  const auto own = open_database(url_ + "&options=-c%20statement_timeout%3D1500");
  EXPECT_EQ(own->query("SHOW statement_timeout"), (std::vector<Row>{{std::string("1500ms")}}));
  // A lock held elsewhere ends the statement at its timeout, not never.
  db_->begin();
  db_->query("SELECT pg_advisory_xact_lock(42)");
  const auto started = std::chrono::steady_clock::now();
  EXPECT_THROW(own->query("SELECT pg_advisory_xact_lock(42)"), InputError);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(30));
  db_->rollback();
}

// Issue 41: a statement blocked by a lock held elsewhere ends at the lock
// timeout with the lock's error; the defaults apply where the URL sets none,
// and the URL's own wins for the one it sets.
TEST_F(PostgresServerTest, LockTimeoutIsSetAndABlockedStatementEndsWithIt) {
  EXPECT_EQ(db_->query("SHOW lock_timeout"), (std::vector<Row>{{std::string("30s")}}));
  EXPECT_EQ(db_->query("SHOW statement_timeout"), (std::vector<Row>{{std::string("1min")}}));
  const auto own = open_database(url_ + "&options=-c%20lock_timeout%3D1500");
  EXPECT_EQ(own->query("SHOW lock_timeout"), (std::vector<Row>{{std::string("1500ms")}}));
  EXPECT_EQ(own->query("SHOW statement_timeout"), (std::vector<Row>{{std::string("1min")}})) << "the other default stays";
  db_->execute_script("DROP TABLE IF EXISTS locked; CREATE TABLE locked (n BIGINT)");
  db_->begin();
  db_->execute_script("LOCK TABLE locked IN ACCESS EXCLUSIVE MODE");
  const auto started = std::chrono::steady_clock::now();
  std::string message = "answered";
  try {
    own->query("SELECT COUNT(*) FROM locked");
  } catch (const InputError& e) {
    message = e.what();
  }
  const auto waited = std::chrono::steady_clock::now() - started;
  db_->rollback();
  EXPECT_NE(message.find("lock timeout"), std::string::npos) << message;
  EXPECT_GE(waited, std::chrono::milliseconds(1400)) << message;
  EXPECT_LT(waited, std::chrono::seconds(30)) << "the 1min statement timeout did not end it: " << message;
}

// Issue 41: a WARNING of several lines is one line on stderr, each of its
// lines redacted and made printable, like the first.
TEST_F(PostgresServerTest, AMultiLineWarningIsOneRedactedLine) {
  ::testing::internal::CaptureStderr();
  db_->execute_script("DO $$ BEGIN RAISE WARNING E'first line\\nsecond line password=hunter2\\x1b[31m'; END $$");
  const std::string printed = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(printed.rfind("perfgate: warning: ", 0), 0u) << printed;
  EXPECT_EQ(printed.find('\n'), printed.size() - 1) << printed;
  EXPECT_NE(printed.find("first line second line password=***"), std::string::npos) << printed;
  EXPECT_EQ(printed.find("hunter2"), std::string::npos) << printed;
  EXPECT_EQ(printed.find('\x1b'), std::string::npos) << printed;
}

TEST_F(PostgresServerTest, AReadOnlySessionWritesNothing) {
  const auto reader = open_database(url_, Access::read_only);
  EXPECT_EQ(reader->query("SELECT 1"), (std::vector<Row>{{std::int64_t{1}}}));
  try {
    reader->execute_script("CREATE TABLE written_by_a_reader (n BIGINT)");
    FAIL() << "a read-only session wrote";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("read-only"), std::string::npos) << e.what();
  }
}

// A server that accepts and never answers (stopped: the kernel still
// queues the connection) is an error after the connect timeout, not a hang.
TEST_F(PostgresServerTest, AStalledServerIsAnErrorNotAHang) {
  const long pid = PostgresCluster::shared().server_pid();
  ASSERT_GT(pid, 0);
  ASSERT_EQ(::kill(static_cast<pid_t>(pid), SIGSTOP), 0);
  const auto started = std::chrono::steady_clock::now();
  const std::string message = connect_error(url_ + "&connect_timeout=2");
  const auto waited = std::chrono::steady_clock::now() - started;
  ::kill(static_cast<pid_t>(pid), SIGCONT);
  EXPECT_NE(message, "connected");
  EXPECT_NE(message.find("could not connect"), std::string::npos) << message;
  EXPECT_LT(waited, std::chrono::seconds(30)) << message;
  EXPECT_EQ(message.find(PostgresCluster::shared().password()), std::string::npos) << message;
}

// Issue 41: the default connect timeout (kConnectTimeoutS = 10 s) bounds a
// connection to a stalled server when the URL sets none (the test above
// passes its own).
TEST_F(PostgresServerTest, TheDefaultConnectTimeoutBoundsAStalledServer) {
  ASSERT_EQ(url_.find("connect_timeout"), std::string::npos);
  const long pid = PostgresCluster::shared().server_pid();
  ASSERT_GT(pid, 0);
  ASSERT_EQ(::kill(static_cast<pid_t>(pid), SIGSTOP), 0);
  const auto started = std::chrono::steady_clock::now();
  const std::string message = connect_error(url_);
  const auto waited = std::chrono::steady_clock::now() - started;
  ::kill(static_cast<pid_t>(pid), SIGCONT);
  EXPECT_NE(message.find("could not connect"), std::string::npos) << message;
  EXPECT_GE(waited, std::chrono::seconds(kConnectTimeoutS - 1)) << message;
  EXPECT_LT(waited, std::chrono::seconds(3 * kConnectTimeoutS)) << message;
}

// A server that stops answering in the middle of a session (its backend
// stopped after the connection was made: the kernel still acknowledges what
// is sent) is an error once the statement timeout and 10 s more passed, not
// a hang; the connection is closed, and later calls say so at once.
TEST_F(PostgresServerTest, AServerThatStallsMidSessionIsAnErrorNotAHang) {
  const auto db = open_database(url_ + "&options=-c%20statement_timeout%3D1500");
  const auto backend = db->query("SELECT pg_backend_pid()");
  ASSERT_EQ(backend.size(), 1u);
  const auto pid = static_cast<pid_t>(std::get<std::int64_t>(backend[0][0]));
  ASSERT_EQ(::kill(pid, SIGSTOP), 0);
  const auto started = std::chrono::steady_clock::now();
  std::string message = "answered";
  try {
    db->query("SELECT 1");
  } catch (const InputError& e) {
    message = e.what();
  }
  const auto waited = std::chrono::steady_clock::now() - started;
  ::kill(pid, SIGCONT);
  EXPECT_NE(message.find("did not answer within 11.5 s"), std::string::npos) << message;
  EXPECT_GE(waited, std::chrono::milliseconds(11'000)) << "the statement timeout and the margin are waited out";
  EXPECT_LT(waited, std::chrono::seconds(60)) << message;
  EXPECT_EQ(message.find(PostgresCluster::shared().password()), std::string::npos) << message;
  try {
    db->query("SELECT 1");
    ADD_FAILURE() << "a closed connection answered";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("closed"), std::string::npos) << e.what();
  }
  db->rollback();  // nothing to roll back, and no hang
}

}  // namespace
}  // namespace perfgate::sql
