#include "subprocess.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "perfgate/model/errors.hpp"
#include "perfgate/model/interruption.hpp"

extern char** environ;

namespace perfgate::cli {
namespace {

// In the child, between fork and exec: async-signal-safe calls only.  The
// child dies with its parent (a suite left measuring on its own would load
// the machine, and a CI timeout kills only perfgate); posix_spawn cannot ask
// for that, hence fork.  If the parent died before prctl, nobody is left to
// tie the child to.  What perfgate changed about signals is undone.
[[noreturn]] void become(const char* program, char* const* argv, pid_t parent, int report_fd) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(127);
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  ::sigaction(SIGXFSZ, &default_action, nullptr);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  ::execve(program, argv, environ);
  const int error = errno;  // the parent reports it
  (void)!::write(report_fd, &error, sizeof error);
  ::_exit(127);
}

// Starts `program`; its exec error (through a close-on-exec pipe) is an InputError.
pid_t start(const std::filesystem::path& program, char* const* argv) {
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) throw InputError(program.string() + ": cannot run: " + std::strerror(errno));
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid == 0) become(program.c_str(), argv, parent, report[1]);
  const int fork_error = errno;
  ::close(report[1]);
  int exec_error = 0;
  ssize_t n = 0;
  while (pid > 0 && (n = ::read(report[0], &exec_error, sizeof exec_error)) < 0 && errno == EINTR) {
  }
  ::close(report[0]);
  if (pid < 0) throw InputError(program.string() + ": cannot run: " + std::strerror(fork_error));
  if (n == static_cast<ssize_t>(sizeof exec_error)) {
    ::waitpid(pid, nullptr, 0);
    throw InputError(program.string() + ": cannot run: " + std::strerror(exec_error));
  }
  return pid;
}

}  // namespace

int run_program(const std::filesystem::path& program, const std::vector<std::string>& args) {
  std::vector<std::string> storage = {program.string()};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : storage) argv.push_back(a.data());
  argv.push_back(nullptr);
  // SIGINT/SIGTERM/SIGHUP go to the child too; perfgate unwinds once it ended.
  ChildSignals signals;
  const pid_t pid = start(program, argv.data());
  signals.forward_to(pid);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw InputError(program.string() + ": lost track of the process: " + std::strerror(errno));
  if (const int signal = signals.received()) throw Interrupted{signal};
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

}  // namespace perfgate::cli
