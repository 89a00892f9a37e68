#pragma once
// A private PostgreSQL server for a test binary: its own data folder and
// Unix socket in a temporary folder, no TCP port, trust authentication, gone
// when the object is.  Tests skip (GTEST_SKIP() << skip_reason()) where the
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

  // postgresql:///perfgate_test?host=<socket folder>&port=<port>&user=perfgate
  const std::string& url() const { return url_; }
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
  std::string skip_reason_;
  bool started_ = false;
};

}  // namespace perfgate::testing
