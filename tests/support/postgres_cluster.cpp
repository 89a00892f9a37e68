#include "postgres_cluster.hpp"

#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <stdexcept>
#include <vector>

#include "shell.hpp"

namespace perfgate::testing {
namespace {

constexpr const char* kDatabase = "perfgate_test";
constexpr const char* kUser = "perfgate";
// Any port will do: the socket is in the cluster's own folder and TCP is off,
// so clusters of tests running side by side never meet.
constexpr int kPort = 5432;
// PostgreSQL refuses to run as root; as root, the cluster runs as the user
// Debian's postgresql package creates.
constexpr const char* kServerUser = "postgres";

bool has_server_programs(const std::filesystem::path& bin) {
  return std::filesystem::exists(bin / "initdb") && std::filesystem::exists(bin / "pg_ctl") &&
         std::filesystem::exists(bin / "createdb");
}

// Debian keeps the server programs in /usr/lib/postgresql/<major>/bin, off
// PATH; the newest installed major wins, then whatever PATH has.
std::filesystem::path find_server_programs() {
  std::vector<std::filesystem::path> installed;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/usr/lib/postgresql", error)) {
    if (has_server_programs(entry.path() / "bin")) installed.push_back(entry.path());
  }
  std::sort(installed.begin(), installed.end(), [](const auto& a, const auto& b) {
    return std::atoi(a.filename().c_str()) < std::atoi(b.filename().c_str());
  });
  if (!installed.empty()) return installed.back() / "bin";
  const CommandResult which = run_shell("command -v initdb");
  if (which.exit_code != 0) return {};
  const std::filesystem::path bin =
      std::filesystem::path(which.output.substr(0, which.output.find('\n'))).parent_path();
  return has_server_programs(bin) ? bin : std::filesystem::path();
}

// A password for this cluster alone, with characters a URL must encode.
std::string made_up_password() {
  std::random_device random;
  char tail[17];
  std::snprintf(tail, sizeof tail, "%08x%08x", random(), random());
  return std::string("pg/pass%") + tail;
}

std::string percent_encoded(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_' || c == '.') {
      out += c;
    } else {
      char escaped[4];
      std::snprintf(escaped, sizeof escaped, "%%%02X", static_cast<unsigned char>(c));
      out += escaped;
    }
  }
  return out;
}

std::string last_lines(const std::string& output) {
  constexpr std::size_t kShown = 600;
  return output.size() <= kShown ? output : "..." + output.substr(output.size() - kShown);
}

}  // namespace

PostgresCluster::PostgresCluster() {
  try {
    skip_reason_ = start();
  } catch (const std::exception& error) {
    skip_reason_ = std::string("PostgreSQL test cluster: ") + error.what();
  }
  if (!skip_reason_.empty()) url_.clear();
}

PostgresCluster::~PostgresCluster() { stop(); }

PostgresCluster& PostgresCluster::shared() {
  static PostgresCluster cluster;
  return cluster;
}

std::string PostgresCluster::as_server_user(const std::string& command) const {
  // The server's programs may not read the test's working folder.
  const std::string in_folder = "cd " + shell_word(folder_.string()) + " && ";
  if (::geteuid() != 0) return in_folder + command;
  return in_folder + "runuser -u " + kServerUser + " -- " + command;
}

std::string PostgresCluster::start() {
  bin_ = find_server_programs();
  if (bin_.empty()) return "no PostgreSQL server programs (initdb, pg_ctl) in /usr/lib/postgresql/*/bin or on PATH";
  std::string pattern = (std::filesystem::temp_directory_path() / "perfgate-pg-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) return "cannot make a temporary folder for the PostgreSQL cluster";
  folder_ = pattern;
  if (::geteuid() == 0) {
    const passwd* server_user = ::getpwnam(kServerUser);
    if (server_user == nullptr)
      return std::string("running as root and there is no '") + kServerUser + "' user to run PostgreSQL as";
    if (::chown(folder_.c_str(), server_user->pw_uid, server_user->pw_gid) != 0) {
      return "cannot hand " + folder_.string() + " to the postgres user";
    }
  }
  const std::string data = (folder_ / "data").string();
  password_ = made_up_password();
  const std::filesystem::path password_file = folder_ / "password";
  {
    std::ofstream(password_file) << password_ << "\n";
    std::filesystem::permissions(password_file, std::filesystem::perms::owner_read | std::filesystem::perms::group_read |
                                                    std::filesystem::perms::others_read);
  }
  const CommandResult init = run_shell(as_server_user(
      shell_word((bin_ / "initdb").string()) + " -D " + shell_word(data) + " -A scram-sha-256 --pwfile=" +
      shell_word(password_file.string()) + " -U " + kUser + " --no-sync -E UTF8 --locale=C"));
  std::filesystem::remove(password_file);
  if (init.exit_code != 0) return "initdb failed: " + last_lines(init.output);
  const std::string options =
      "-k " + shell_word(folder_.string()) + " -c listen_addresses='' -p " + std::to_string(kPort) + " -c fsync=off";
  const CommandResult server = run_shell(
      as_server_user(shell_word((bin_ / "pg_ctl").string()) + " -w -D " + shell_word(data) + " -l " +
                     shell_word((folder_ / "server.log").string()) + " -o " + shell_word(options) + " start"));
  started_ = server.exit_code == 0;
  if (!started_) return "pg_ctl start failed: " + last_lines(server.output);
  watch_this_process();
  const CommandResult created =
      run_shell("PGPASSWORD=" + shell_word(password_) + " " + shell_word((bin_ / "createdb").string()) + " -h " +
                shell_word(folder_.string()) + " -p " + std::to_string(kPort) + " -U " + kUser + " " + kDatabase);
  if (created.exit_code != 0) return "createdb failed: " + last_lines(created.output);
  url_ = std::string("postgresql://") + kUser + ":" + percent_encoded(password_) + "@/" + kDatabase +
         "?host=" + folder_.string() + "&port=" + std::to_string(kPort);
  return "";
}

long PostgresCluster::server_pid() const {
  std::ifstream pid_file(folder_ / "data" / "postmaster.pid");
  long pid = 0;
  pid_file >> pid;
  return pid;
}

std::string PostgresCluster::stop_command() const {
  // immediate: the data is thrown away, nothing needs to reach the disk.
  return as_server_user(shell_word((bin_ / "pg_ctl").string()) + " -D " + shell_word((folder_ / "data").string()) +
                        " -m immediate stop");
}

// A test process that dies (a crash, a timeout's SIGKILL, a closed pipe)
// runs no destructor, and its server would run on: a watchdog in a session
// of its own stops it and removes the folder once the process is gone.
void PostgresCluster::watch_this_process() const {
  const std::string watchdog = "while kill -0 " + std::to_string(::getpid()) + " 2>/dev/null; do sleep 1; done; " +
                               stop_command() + "; rm -rf " + shell_word(folder_.string());
  run_shell("setsid sh -c " + shell_word(watchdog) + " </dev/null >/dev/null 2>&1 &");
}

void PostgresCluster::stop() {
  if (started_) run_shell(stop_command());
  started_ = false;
  std::error_code ignored;
  if (!folder_.empty()) std::filesystem::remove_all(folder_, ignored);
}

}  // namespace perfgate::testing
