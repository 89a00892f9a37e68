// Issue 26, where storage meets the outside: a mistyped database name
// creates no file; a password reaches no file, row or message; a history
// from the future or on a read-only folder; a testbed is one device;
// perfgate's output folders never take the user's files.

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "perfgate/formats/results_io.hpp"
#include "perfgate/sql/sql_connection.hpp"
#include "postgres_cluster.hpp"
#include "results_builder.hpp"
#include "shell.hpp"
#include "test_database.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::lognormal_samples;
using testing::PostgresCluster;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;
using testing::write_text;

CommandResult perfgate(const std::string& args) { return run_shell(shell_word(PERFGATE_CLI) + " " + args + " 2>&1"); }
// Writing baselines is refused under CI=true (people refresh them); the test is not that CI job.
CommandResult perfgate_outside_ci(const std::string& args) {
  return run_shell("env -u CI " + shell_word(PERFGATE_CLI) + " " + args + " 2>&1");
}

fs::path run_file(const fs::path& folder, int i, const Fingerprint& device = testing::test_cpu()) {
  Results r = testing::results("s", {testing::benchmark("a", lognormal_samples(1e-3, 0.01, 10, 10 * i)),
                                     testing::benchmark("b", lognormal_samples(2e-3, 0.01, 10, 10 * i + 1))},
                               device);
  r.source.git_commit = "commit" + std::to_string(i);
  const fs::path file = folder / ("run" + std::to_string(i) + "-" + device.slug + ".json");
  save_results(r, file);
  return file;
}

std::string ingest(const std::string& db, const fs::path& file, const std::string& more = "") {
  return "history ingest --history " + shell_word(db) + " " + more + " " + shell_word(file.string());
}

TEST(DatabaseName, AMistypedUrlIsAnErrorAndCreatesNoFile) {
  const TempDir dir;
  for (const std::string name : {"postgres:x", "mysql://host/perf"}) {
    const auto shown = run_shell("cd " + shell_word(dir.path().string()) + " && " + shell_word(PERFGATE_CLI) +
                                 " history show a --history " + shell_word(name) + " 2>&1");
    EXPECT_EQ(shown.exit_code, 2) << shown.output;
    EXPECT_NE(shown.output.find("not a history database perfgate can open"), std::string::npos) << shown.output;
  }
  EXPECT_TRUE(fs::is_empty(dir.path())) << "a file was created for a mistyped URL";
}

TEST(DatabaseName, AMalformedPostgresUrlNeverPrintsItsPassword) {
  for (const std::string url : {"postgresql://ci:pa/ss-w0rd@host/db", "postgresql://ci:pass%zzw0rd@host/db",
                                "postgresql://ci:pass%00w0rd@host/db", "postgresql://ci:pa[ss-w0rd@host/db"}) {
    const auto r = perfgate("history show a --history " + shell_word(url));
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_EQ(r.output.find("w0rd"), std::string::npos) << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  }
  // A mistyped suite flag is reported with its value: the password goes.
  const auto typo = run_shell(shell_word(PERFGATE_HOST_SUITE) + " --perfgate_histroy=postgresql://ci:s3cret-w0rd@host/db 2>&1");
  EXPECT_EQ(typo.exit_code, 2) << typo.output;
  EXPECT_NE(typo.output.find("unknown flag"), std::string::npos) << typo.output;
  EXPECT_EQ(typo.output.find("w0rd"), std::string::npos) << typo.output;
}

TEST(HistorySchema, AHistoryFromTheFutureIsRefusedByEveryCommand) {
  const TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  ASSERT_EQ(perfgate(ingest(db, run_file(dir.path(), 1))).exit_code, 0);
  sql::open_database(db)->query("UPDATE perfgate_history SET schema_version = 99");
  for (const std::string command : {"history show a --history " + shell_word(db), "history changes --history " + shell_word(db),
                                    "history report --history " + shell_word(db) + " --out " + shell_word((dir / "site").string()),
                                    "history prune --history " + shell_word(db), ingest(db, run_file(dir.path(), 2))}) {
    const auto r = perfgate(command);
    EXPECT_EQ(r.exit_code, 2) << command << "\n" << r.output;
    EXPECT_NE(r.output.find("history schema version 99 is newer than this perfgate reads"), std::string::npos) << r.output;
  }
  EXPECT_FALSE(fs::exists(dir / "site"));
}

// Root reads anything: the readers then run as nobody, for whom the history
// is another user's file in a folder nobody may write.
std::string as_reader(const std::string& command) {
  if (::geteuid() != 0) return command;
  return "setpriv --reuid=65534 --regid=65534 --clear-groups " + command;
}

TEST(HistoryReadOnly, ReadCommandsReadAnotherUsersHistoryInAReadOnlyFolder) {
  const TempDir dir;
  ::chmod(dir.path().c_str(), 0755);
  const fs::path folder = dir / "history";
  fs::create_directories(folder);
  const std::string db = (folder / "h.sqlite").string();
  for (int i = 1; i <= 3; ++i) ASSERT_EQ(perfgate(ingest(db, run_file(dir.path(), i), "--ordinal " + std::to_string(i))).exit_code, 0);
  const std::string before = read_text(db);
  ::chmod(db.c_str(), 0444);
  ::chmod(folder.c_str(), 0555);
  fs::create_directories(dir / "out");
  ::chmod((dir / "out").c_str(), 0777);
  const std::string cli = shell_word(PERFGATE_CLI);
  for (const std::string command : {cli + " history show a --history " + shell_word(db), cli + " history changes --history " + shell_word(db),
                                    cli + " history report --history " + shell_word(db) + " --out " + shell_word((dir / "out/site").string())}) {
    const auto r = run_shell(as_reader(command) + " 2>&1");
    EXPECT_EQ(r.exit_code, 0) << command << "\n" << r.output;
  }
  ::chmod(folder.c_str(), 0755);
  EXPECT_EQ(read_text(db), before) << "a reader changed the history";
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator{}), 1) << "no -wal or -shm was made";
  EXPECT_TRUE(fs::exists(dir / "out/site/index.html"));
}

// Issue 41: an ingest by another user (or one whose file is read-only)
// failed, and left -wal and -shm files of that user's beside the history:
// the owner's next write was refused.  Refused before SQLite opens the file
// for writing; nothing is left beside it.
TEST(HistoryReadOnly, AFailedIngestLeavesNoWalOrShmBehind) {
  const TempDir dir;
  ::chmod(dir.path().c_str(), 0755);
  const fs::path folder = dir / "history";
  fs::create_directories(folder);
  ::chmod(folder.c_str(), 01777);  // /tmp-like: anyone may create files beside the history
  const std::string db = (folder / "h.sqlite").string();
  ASSERT_EQ(perfgate(ingest(db, run_file(dir.path(), 1), "--ordinal 1")).exit_code, 0);
  const fs::path second = run_file(dir.path(), 2);
  if (::geteuid() != 0) ::chmod(db.c_str(), 0444);  // root writes anything: nobody then tries
  const auto r = run_shell(as_reader(shell_word(PERFGATE_CLI) + " " + ingest(db, second, "--ordinal 2")) + " 2>&1");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  EXPECT_NE(r.output.find(db + ": this user cannot write the history file"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(db + "-wal"));
  EXPECT_FALSE(fs::exists(db + "-shm"));
  ::chmod(db.c_str(), 0644);
  const auto owner = perfgate(ingest(db, second, "--ordinal 2"));
  EXPECT_EQ(owner.exit_code, 0) << owner.output;
  ::chmod(folder.c_str(), 0755);
}

// Issue 41: --history on another application's SQLite file added perfgate's
// tables to it (and switched it to WAL).  Every command refuses it in one
// line naming it, and its schema and journal mode stay as they were.
TEST(DatabaseName, AnotherApplicationsSqliteFileIsRefusedAndLeftAsItWas) {
  const TempDir dir;
  const std::string db = (dir / "app.sqlite").string();
  const auto schema = [&] {
    std::string text;
    for (const sql::Row& row : sql::open_database(db, sql::Access::read_only)
                                   ->query("SELECT type, name, sql FROM sqlite_master ORDER BY name"))
      text += std::get<std::string>(row.at(1)) + ": " + std::get<std::string>(row.at(2)) + "\n";
    return text;
  };
  {
    // As the other application made it: its own table, the rollback journal.
    const auto app = sql::open_database(db, sql::Access::create);
    app->execute_script("PRAGMA journal_mode = DELETE; CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT);"
                        "INSERT INTO users (name) VALUES ('ada');");
  }
  const std::string before = schema();
  ASSERT_EQ(before, "users: CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)\n");
  for (const std::string command : {ingest(db, run_file(dir.path(), 1)), "history prune --history " + shell_word(db),
                                    "history show a --history " + shell_word(db)}) {
    const auto r = perfgate(command);
    EXPECT_EQ(r.exit_code, 2) << command << "\n" << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
    EXPECT_NE(r.output.find(db + ": an SQLite file of another application (tables 'users'"), std::string::npos)
        << r.output;
  }
  EXPECT_EQ(schema(), before);
  const auto mode = sql::open_database(db, sql::Access::read_only)->query("PRAGMA journal_mode");
  EXPECT_EQ(std::get<std::string>(mode.at(0).at(0)), "delete") << "switched to WAL";
  // An empty file is no application's: a history is made in it.
  write_text(dir / "empty.sqlite", "");
  EXPECT_EQ(perfgate(ingest((dir / "empty.sqlite").string(), run_file(dir.path(), 2))).exit_code, 0);
}

TEST(HistoryTestbed, ANameHoldingAnotherDevicesRunsIsRefusedUnlessForced) {
  const TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  ASSERT_EQ(perfgate(ingest(db, run_file(dir.path(), 1), "--testbed ci-runner")).exit_code, 0);
  const fs::path other = run_file(dir.path(), 2, testing::test_cpu("Other CPU 7000"));
  const auto refused = perfgate(ingest(db, other, "--testbed ci-runner"));
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_NE(refused.output.find("holds runs of device"), std::string::npos) << refused.output;
  EXPECT_EQ(std::get<std::int64_t>(sql::open_database(db)->query("SELECT COUNT(*) FROM runs").at(0).at(0)), 1);
  EXPECT_EQ(perfgate(ingest(db, other, "--testbed ci-runner --force")).exit_code, 0);
  EXPECT_EQ(perfgate(ingest(db, run_file(dir.path(), 3), "--testbed ci-runner")).exit_code, 0) << "the same device";
}

TEST(ReportFolder, HistoryReportTakesNoFolderOfTheUsersAndDropsItsStalePages) {
  const TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  for (int i = 1; i <= 3; ++i) ASSERT_EQ(perfgate(ingest(db, run_file(dir.path(), i), "--ordinal " + std::to_string(i))).exit_code, 0);
  write_text(dir / "mine/index.html", "my own page");
  const auto refused = perfgate("history report --history " + shell_word(db) + " --out " + shell_word((dir / "mine").string()));
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_EQ(read_text(dir / "mine/index.html"), "my own page");

  const std::string site = (dir / "site").string();
  ASSERT_EQ(perfgate("history report --history " + shell_word(db) + " --out " + shell_word(site)).exit_code, 0);
  const auto pages = [&] {
    std::size_t n = 0;
    for (const auto& entry : fs::directory_iterator(dir / "site/series")) n += entry.path().extension() == ".html";
    return n;
  };
  EXPECT_EQ(pages(), 2u);
  write_text(dir / "site/series/notes.txt", "the user's, added later");
  ASSERT_EQ(perfgate("history report --history " + shell_word(db) + " --benchmark '^a$' --out " + shell_word(site)).exit_code, 0);
  EXPECT_EQ(pages(), 1u) << "b's page went with b";
  EXPECT_EQ(read_text(dir / "site/series/notes.txt"), "the user's, added later");
}

// Issue 41: a marker planted in a checkout (a pull request's files) lists
// the checkout's own files and one outside it; `history report --out` into
// that checkout removes none of them.  The files are the test's own.
TEST(ReportFolder, APlantedMarkerRemovesNothingPerfgateDoesNotWrite) {
  const TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  ASSERT_EQ(perfgate(ingest(db, run_file(dir.path(), 1))).exit_code, 0);
  const fs::path checkout = dir / "checkout", own = fs::absolute(dir / "own.txt");
  write_text(own, "the test's own");
  write_text(checkout / "src/main.cpp", "int main() {}");
  write_text(checkout / ".git/config", "[core]");
  write_text(checkout / ".perfgate-owned", "perfgate owned folder 1\nsrc/main.cpp\n.git/config\n../own.txt\n" +
                                               own.string() + "\nseries/../src/main.cpp\n");
  const auto r = perfgate("history report --history " + shell_word(db) + " --out " + shell_word(checkout.string()));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(read_text(checkout / "src/main.cpp"), "int main() {}");
  EXPECT_EQ(read_text(checkout / ".git/config"), "[core]");
  EXPECT_EQ(read_text(own), "the test's own");
}

// A symbolic link where the site's series/ belongs: refused in one line
// before anything is removed or written, and nothing outside is touched.
TEST(ReportFolder, ALinkedSubFolderIsRefusedAndNothingOutsideIsTouched) {
  const TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  ASSERT_EQ(perfgate(ingest(db, run_file(dir.path(), 1))).exit_code, 0);
  const std::string site = (dir / "site").string();
  ASSERT_EQ(perfgate("history report --history " + shell_word(db) + " --out " + shell_word(site)).exit_code, 0);
  std::string listed;
  for (const auto& entry : fs::directory_iterator(dir / "site/series")) listed = entry.path().filename().string();
  ASSERT_FALSE(listed.empty());
  write_text(dir / "outside" / listed, "the user's");  // the name the marker lists, in the link's target
  fs::remove_all(dir / "site/series");
  fs::create_directory_symlink(fs::absolute(dir / "outside"), dir / "site/series");
  const auto r = perfgate("history report --history " + shell_word(db) + " --out " + shell_word(site));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  EXPECT_NE(r.output.find("series: a symbolic link"), std::string::npos) << r.output;
  EXPECT_EQ(read_text(dir / "outside" / listed), "the user's");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir / "outside"), fs::directory_iterator{}), 1) << "nothing written there";
  EXPECT_TRUE(fs::exists(dir / "site/index.html")) << "nothing of the site removed either";
}

// The password of a real server (SCRAM) reaches libpq and nothing else:
// not the results file, not the promoted baseline, not the history's rows,
// not a message.
class StorageSecretsPostgres : public ::testing::Test {
 protected:
  void SetUp() override {
    const PostgresCluster& cluster = PostgresCluster::shared();
    if (!cluster.running()) GTEST_SKIP() << cluster.skip_reason();
    url_ = cluster.url();
    password_ = cluster.password();
    sql::open_database(url_)->execute_script(
        perfgate::testing::kDropHistoryTables);
  }

  void expect_no_password(const std::string& where, const std::string& text) const {
    EXPECT_EQ(text.find(password_), std::string::npos) << where << " holds the password:\n" << text;
    const std::string encoded_part = password_.substr(password_.find('%') + 1);  // the random tail, in any form
    EXPECT_EQ(text.find(encoded_part), std::string::npos) << where << " holds the password:\n" << text;
  }

  std::string url_;
  std::string password_;
};

TEST_F(StorageSecretsPostgres, APasswordReachesNoFileRowOrMessage) {
  const TempDir dir;
  const fs::path results = dir / "host.results.json";
  const auto recorded = run_shell(shell_word(PERFGATE_HOST_SUITE) + " --benchmark_filter='^cpu_gemm/naive/256' "
                                  "--benchmark_repetitions=2 --perfgate_mode=record --perfgate_results=" +
                                  shell_word(results.string()) + " --perfgate_history=" + shell_word(url_) + " 2>&1");
  ASSERT_EQ(recorded.exit_code, 0) << recorded.output;
  EXPECT_NE(recorded.output.find("run recorded in the history"), std::string::npos) << recorded.output;
  expect_no_password("the suite's output", recorded.output);
  const std::string written = read_text(results);
  expect_no_password(results.string(), written);
  // Quoted for a shell (shell_command.hpp: the value of a flag in single quotes).
  EXPECT_NE(written.find("--perfgate_history='postgresql://perfgate:***@"), std::string::npos)
      << "the command, redacted: " << written.substr(written.find("\"command\""), 400);

  const auto promoted = perfgate_outside_ci("baseline promote " + shell_word(results.string()) + " --baseline-dir " +
                                 shell_word((dir / "baselines").string()));
  ASSERT_EQ(promoted.exit_code, 0) << promoted.output;
  for (const auto& entry : fs::recursive_directory_iterator(dir / "baselines"))
    if (entry.is_regular_file()) expect_no_password(entry.path().string(), read_text(entry.path()));

  std::string rows;
  for (const sql::Row& row : sql::open_database(url_)->query("SELECT source, suite, testbed, commit_sha FROM runs"))
    for (const sql::Value& v : row)
      if (const auto* text = std::get_if<std::string>(&v)) rows += *text + "\n";
  expect_no_password("the history's runs", rows);

  const auto shown = perfgate("history show cpu_gemm/naive/256 --history " + shell_word(url_));
  EXPECT_EQ(shown.exit_code, 0) << shown.output;
  expect_no_password("history show", shown.output);
}

TEST_F(StorageSecretsPostgres, AWrongPasswordIsRefusedWithoutEitherPassword) {
  std::string wrong = url_;
  const std::size_t colon = wrong.find(':', std::string("postgresql://").size());
  const std::size_t at = wrong.find('@');
  wrong.replace(colon + 1, at - colon - 1, "Wr0ng-pa55");
  const auto r = perfgate("history show a --history " + shell_word(wrong));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("password authentication failed"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("Wr0ng-pa55"), std::string::npos) << r.output;
  expect_no_password("the refusal", r.output);
}

}  // namespace
}  // namespace perfgate
