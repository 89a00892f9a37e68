#include "subprocess.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <thread>

#include "perfgate/platform/child_process.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate::cli {
namespace {

int run_with(const std::filesystem::path& program, const std::vector<std::string>& args, ChildSetup setup) {
  std::vector<std::string> argv = {program.string()};
  argv.insert(argv.end(), args.begin(), args.end());
  setup.die_with_parent = true;
  ChildExit exit;
  try {
    exit = run_child(argv, setup);
  } catch (const ChildFailure& failure) {
    throw InputError(program.string() + (failure.started ? ": lost track of the process: " : ": cannot run: ") +
                     std::strerror(failure.error));
  }
  return exit.signaled ? 128 + exit.code : exit.code;
}

// A pipe whose read end a thread drains into `on_line`.  Both ends are
// close-on-exec: the child reaches the write end through /proc/self/fd
// (ChildSetup::stdout_file opens it before exec), so no other program
// perfgate starts holds it open.  The thread ends at end of file, which
// comes once the child and this side (close_writer) have let go of it.
class LinePipe {
 public:
  explicit LinePipe(const std::function<void(const std::string&)>& on_line) {
    if (::pipe2(fds_, O_CLOEXEC) != 0) throw InputError(std::string("cannot make a pipe: ") + std::strerror(errno));
    reader_ = std::thread([this, on_line] { drain(on_line); });
  }
  ~LinePipe() {
    close_writer();
    reader_.join();
    ::close(fds_[0]);
  }
  LinePipe(const LinePipe&) = delete;
  LinePipe& operator=(const LinePipe&) = delete;

  std::filesystem::path writer_path() const { return "/proc/self/fd/" + std::to_string(fds_[1]); }
  void close_writer() {
    if (fds_[1] >= 0) ::close(fds_[1]);
    fds_[1] = -1;
  }

 private:
  void drain(const std::function<void(const std::string&)>& on_line) const {
    std::string pending;
    char buffer[4096];
    for (;;) {
      const ssize_t n = ::read(fds_[0], buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      pending.append(buffer, static_cast<std::size_t>(n));
      for (std::size_t end; (end = pending.find('\n')) != std::string::npos; pending.erase(0, end + 1))
        on_line(pending.substr(0, end));
    }
    if (!pending.empty()) on_line(pending);
  }

  int fds_[2] = {-1, -1};
  std::thread reader_;
};

}  // namespace

// The program dies with perfgate (a suite left measuring on its own would
// load the machine, and a CI timeout kills only perfgate): the shared
// spawn helper forks, ties the child to perfgate and execs.
int run_program(const std::filesystem::path& program, const std::vector<std::string>& args,
                const std::map<std::string, std::string>& environment) {
  ChildSetup setup;
  setup.environment = environment;
  return run_with(program, args, setup);
}

int run_program_lines(const std::filesystem::path& program, const std::vector<std::string>& args,
                      const std::map<std::string, std::string>& environment,
                      const std::function<void(const std::string&)>& on_line) {
  LinePipe pipe(on_line);
  ChildSetup setup;
  setup.environment = environment;
  setup.stdout_file = pipe.writer_path();
  return run_with(program, args, setup);  // ~LinePipe: the rest of the output, then end of file
}

std::string CapturedRun::tail(std::size_t lines) const {
  std::size_t start = output.size();
  if (start > 0 && output[start - 1] == '\n') --start;  // the last line's own newline
  for (std::size_t found = 0; start > 0; --start)
    if (output[start - 1] == '\n' && ++found == lines) break;
  return output.substr(start);
}

CapturedRun run_program_captured(const std::filesystem::path& program, const std::vector<std::string>& args,
                                 const std::map<std::string, std::string>& environment, const std::filesystem::path& log) {
  constexpr std::size_t kKept = 64 * 1024;
  CapturedRun run;
  std::ofstream log_file;
  if (!log.empty()) log_file.open(log, std::ios::app);
  {
    LinePipe pipe([&](const std::string& line) {
      if (log_file) log_file << line << '\n' << std::flush;
      run.output += line + '\n';
      if (run.output.size() > 2 * kKept) run.output.erase(0, run.output.size() - kKept);
    });
    ChildSetup setup;
    setup.environment = environment;
    setup.stdout_file = pipe.writer_path();
    setup.stderr_to_stdout = true;
    setup.stdin_closed = true;
    run.exit_code = run_with(program, args, setup);
  }  // ~LinePipe: every line read before the output is used
  if (run.output.size() > kKept) run.output.erase(0, run.output.size() - kKept);
  return run;
}

void require_valgrind(const std::string& flag) {
  if (find_in_path("valgrind").empty())
    throw InputError(flag + ": valgrind is not on PATH (apt-get install valgrind): the counted pass runs each case "
                     "under its callgrind");
}

}  // namespace perfgate::cli
