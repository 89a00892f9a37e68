#include "perfgate/platform/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <cstdlib>
#include <optional>
#include <sstream>

#include "perfgate/platform/interruption.hpp"

extern char** environ;

namespace perfgate {
namespace {

std::vector<std::string> environment_with(const std::map<std::string, std::string>& extra) {
  std::vector<std::string> entries;
  for (char** e = environ; *e; ++e) {
    const std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('='));
    if (!extra.count(name)) entries.push_back(entry);
  }
  for (const auto& [name, value] : extra) entries.push_back(name + "=" + value);
  return entries;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> p;
  for (std::string& s : strings) p.push_back(s.data());
  p.push_back(nullptr);
  return p;
}

// In the child, between fork and exec: async-signal-safe calls only.  What
// goes wrong is reported to the parent through `report_fd` (close-on-exec).
[[noreturn]] void fail_in_child(int report_fd) {
  const int error = errno;
  (void)!::write(report_fd, &error, sizeof error);
  ::_exit(127);
}

bool redirect(int fd, const char* path, int flags, mode_t mode) {
  const int opened = ::open(path, flags, mode);
  if (opened < 0) return false;
  if (opened == fd) return true;
  const bool ok = ::dup2(opened, fd) >= 0;
  ::close(opened);
  return ok;
}

// The child dies with its parent when asked (a suite left measuring on its
// own would load the machine, and a CI timeout kills only the parent).  If
// the parent died before prctl, nobody is left to tie the child to.  What
// the parent changed about signals is undone.
[[noreturn]] void become(char* const* argv, char* const* envp, const char* stdout_file, const ChildSetup& setup,
                         pid_t parent, int report_fd) {
  if (setup.own_process_group) {
    ::setpgid(0, 0);
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGTTOU, &ignore, nullptr);
  }
  if (setup.die_with_parent) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
    struct sigaction default_action {};
    default_action.sa_handler = SIG_DFL;
    ::sigaction(SIGXFSZ, &default_action, nullptr);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
  }
  if (setup.stdin_closed && !redirect(STDIN_FILENO, "/dev/null", O_RDONLY, 0)) fail_in_child(report_fd);
  if (stdout_file && !redirect(STDOUT_FILENO, stdout_file, O_WRONLY | O_CREAT | O_TRUNC, 0644)) fail_in_child(report_fd);
  if (setup.stderr_to_stdout && ::dup2(STDOUT_FILENO, STDERR_FILENO) < 0) fail_in_child(report_fd);
  ::execve(argv[0], argv, envp);
  fail_in_child(report_fd);
}

// Starts the child; an error before or in its exec (through the pipe) is a
// ChildFailure that was not started.
pid_t start(char* const* argv, char* const* envp, const ChildSetup& setup) {
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) throw ChildFailure{false, errno};
  const pid_t parent = ::getpid();
  const char* stdout_file = setup.stdout_file.empty() ? nullptr : setup.stdout_file.c_str();
  const pid_t pid = ::fork();
  if (pid == 0) become(argv, envp, stdout_file, setup, parent, report[1]);
  const int fork_error = errno;
  // Here too (ignoring errors): whichever of the two runs first, the group
  // exists before the parent may kill it.
  if (pid > 0 && setup.own_process_group) ::setpgid(pid, pid);
  ::close(report[1]);
  int exec_error = 0;
  ssize_t n = 0;
  while (pid > 0 && (n = ::read(report[0], &exec_error, sizeof exec_error)) < 0 && errno == EINTR) {
  }
  ::close(report[0]);
  if (pid < 0) throw ChildFailure{false, fork_error};
  if (n == static_cast<ssize_t>(sizeof exec_error)) {
    ::waitpid(pid, nullptr, 0);
    throw ChildFailure{false, exec_error};
  }
  return pid;
}

// How often a wait with a deadline or a grace looks at the clock: a
// wake-up beside a measurement costs nothing, and a kill comes this late at most.
constexpr long kWaitPollNanoseconds = 20'000'000;

int wait_blocking(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw ChildFailure{true, errno};
  return status;
}

// SIGKILL to the child's process group (everything it started), or to the
// child alone when it has none.
int kill_and_reap(pid_t pid, bool own_group) {
  if (!own_group || ::kill(-pid, SIGKILL) != 0) ::kill(pid, SIGKILL);
  return wait_blocking(pid);
}

// Waits for the child, killing it at its deadline or once the grace after
// a passed-on signal is over; `past_deadline` says it was the deadline.
int wait_with_limits(pid_t pid, const ChildSetup& setup, const ChildSignals& signals, bool& past_deadline) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  const auto limit = [](double seconds) { return std::chrono::duration<double>(seconds); };
  std::optional<clock::time_point> signalled;
  for (;;) {
    int status = 0;
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) return status;
    if (done < 0 && errno != EINTR) throw ChildFailure{true, errno};
    const auto now = clock::now();
    if (!signalled && signals.received()) signalled = now;
    if (signalled && setup.grace_after_signal_seconds > 0 && now - *signalled >= limit(setup.grace_after_signal_seconds))
      return kill_and_reap(pid, setup.own_process_group);
    if (!signalled && setup.deadline_seconds > 0 && now - start >= limit(setup.deadline_seconds)) {
      past_deadline = true;
      return kill_and_reap(pid, setup.own_process_group);
    }
    const timespec pause{0, kWaitPollNanoseconds};
    ::nanosleep(&pause, nullptr);  // a signal cuts it short
  }
}

}  // namespace

std::string ChildExit::describe() const {
  if (!signaled) return "exit code " + std::to_string(code);
  const char* name = ::strsignal(code);
  return "signal " + std::to_string(code) + (name ? std::string(" (") + name + ")" : std::string());
}

ChildExit run_child(const std::vector<std::string>& argv, const ChildSetup& setup) {
  std::vector<std::string> args = argv;
  std::vector<std::string> env = environment_with(setup.environment);
  std::vector<char*> arg_pointers = pointers(args), env_pointers = pointers(env);
  // SIGINT/SIGTERM/SIGHUP reach the child too; this process unwinds once it ended.
  ChildSignals signals;
  const pid_t pid = start(arg_pointers.data(), env_pointers.data(), setup);
  signals.forward_to(pid);
  bool past_deadline = false;
  const bool limited = setup.deadline_seconds > 0 || setup.grace_after_signal_seconds > 0;
  const int status = limited ? wait_with_limits(pid, setup, signals, past_deadline) : wait_blocking(pid);
  if (const int signal = signals.received()) throw Interrupted{signal};
  if (WIFSIGNALED(status)) return {true, WTERMSIG(status), past_deadline};
  return {false, WEXITSTATUS(status), false};
}

std::filesystem::path own_executable(const std::string& argv0) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::filesystem::absolute(argv0) : self;
}

std::filesystem::path find_in_path(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  const char* path = std::getenv("PATH");
  std::istringstream folders(path ? path : "/usr/bin:/bin");
  for (std::string folder; std::getline(folders, folder, ':');) {
    if (folder.empty()) continue;
    const std::filesystem::path candidate = std::filesystem::path(folder) / name;
    std::error_code error;
    if (std::filesystem::is_regular_file(candidate, error) && ::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return {};
}

}  // namespace perfgate
