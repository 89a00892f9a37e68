#pragma once
// A private PostgreSQL server for a test binary: its own data folder and
// Unix socket in a temporary folder, no TCP port, gone when the object is.
// SCRAM password authentication with a password made up at start (it holds
// a '/' and a '%', so the URL percent-encodes it): every PostgreSQL test
// then checks, too, that the password reaches libpq and nothing else.  Tests skip (GTEST_SKIP() << skip_reason()) where the
// server programs are missing or the server does not start.

#include <filesystem>
#include <string>

namespace perfgate::testing {

class PostgresCluster {
 public:
  // initdb, pg_ctl start and createdb (1-3 s); on failure, skip_reason()
  // says why and url() is empty.
  PostgresCluster();
  ~PostgresCluster();
  PostgresCluster(const PostgresCluster&) = delete;
  PostgresCluster& operator=(const PostgresCluster&) = delete;

  bool running() const { return skip_reason_.empty(); }
  const std::string& skip_reason() const { return skip_reason_; }

  // postgresql://perfgate:<password, encoded>@/perfgate_test?host=<socket folder>&port=<port>
  const std::string& url() const { return url_; }
  // The password as the server knows it (decoded), for tests that look for
  // it where it must not be.
  const std::string& password() const { return password_; }
  // The postmaster's process id (SIGSTOP makes a stalled server).
  long server_pid() const;
  // The socket folder: a URL naming another folder reaches no server.
  const std::filesystem::path& folder() const { return folder_; }

  // One cluster for the whole test binary, started at the first call and
  // stopped when the process exits.
  static PostgresCluster& shared();

 private:
  std::string start();
  std::string as_server_user(const std::string& command) const;
  std::string stop_command() const;
  void watch_this_process() const;
  void stop();

  std::filesystem::path bin_;
  std::filesystem::path folder_;
  std::string url_;
  std::string password_;
  std::string skip_reason_;
  bool started_ = false;
};

}  // namespace perfgate::testing
