#include "subprocess.hpp"

#include <cstring>

#include "perfgate/model/child_process.hpp"
#include "perfgate/model/errors.hpp"

namespace perfgate::cli {

// The program dies with perfgate (a suite left measuring on its own would
// load the machine, and a CI timeout kills only perfgate): the shared
// spawn helper forks, ties the child to perfgate and execs.
int run_program(const std::filesystem::path& program, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {program.string()};
  argv.insert(argv.end(), args.begin(), args.end());
  ChildSetup setup;
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

}  // namespace perfgate::cli
