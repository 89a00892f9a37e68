#include "child_process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "perfgate/model/errors.hpp"
#include "perfgate/model/interruption.hpp"

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

}  // namespace

std::string ChildExit::describe() const {
  if (!signaled) return "exit code " + std::to_string(code);
  const char* name = ::strsignal(code);
  return "signal " + std::to_string(code) + (name ? std::string(" (") + name + ")" : std::string());
}

ChildExit run_child(const std::vector<std::string>& argv, const std::map<std::string, std::string>& environment,
                    const std::filesystem::path& stdout_file) {
  std::map<std::string, std::string> extra = environment;
  extra[kParentPidVariable] = std::to_string(::getpid());
  std::vector<std::string> args = argv, env = environment_with(extra);
  std::vector<char*> arg_pointers = pointers(args), env_pointers = pointers(env);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  if (!stdout_file.empty())
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdout_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  // SIGINT/SIGTERM/SIGHUP reach the child too; this process unwinds once it ended.
  ChildSignals signals;
  pid_t pid = 0;
  const int error = ::posix_spawn(&pid, args.front().c_str(), &actions, nullptr, arg_pointers.data(), env_pointers.data());
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0) throw OutputError(args.front() + ": cannot start the measuring process: " + std::strerror(error));
  signals.forward_to(pid);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw OutputError(args.front() + ": lost the measuring process: " + std::strerror(errno));
  if (const int signal = signals.received()) throw Interrupted{signal};
  if (WIFSIGNALED(status)) return {true, WTERMSIG(status)};
  return {false, WEXITSTATUS(status)};
}

std::filesystem::path own_executable(const std::string& argv0) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::filesystem::absolute(argv0) : self;
}

}  // namespace perfgate
