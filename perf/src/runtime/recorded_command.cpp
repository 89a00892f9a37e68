#include "runtime/recorded_command.hpp"

#include "perfgate/platform/report_path.hpp"
#include "perfgate/platform/secret_redaction.hpp"
#include "perfgate/platform/shell_command.hpp"

namespace perfgate {
namespace {

// A path the shell runs as a path: with a '/' in it.
std::string program_in_project(const std::string& program, const std::string& project) {
  if (program.find('/') == std::string::npos) return program;
  const std::string relative = report_path(program, project);
  return relative.find('/') == std::string::npos ? "./" + relative : relative;
}

// An argument that is an absolute path ("/home/ci/build/h.sqlite"), or a
// flag whose value is one ("--perfgate_results=/tmp/perfgate-update-1/x.json"),
// named as reports name files (report_path): relative to the project that
// holds it, else by its name.  A committed baseline then carries neither the
// recording runner's folders nor a round file deleted since.
std::string argument_in_project(const std::string& arg, const std::string& project) {
  if (arg.starts_with("/")) return report_path(arg, project);
  const std::size_t equals = arg.find('=');
  if (arg.starts_with("-") && equals != std::string::npos && arg.compare(equals + 1, 1, "/") == 0)
    return arg.substr(0, equals + 1) + report_path(arg.substr(equals + 1), project);
  return arg;
}

}  // namespace

std::string recorded_command(const std::vector<std::string>& args, const std::string& project) {
  std::vector<std::string> argv;
  for (const std::string& arg : args) argv.push_back(redact_secrets(arg));
  if (argv.empty()) return "";
  argv.front() = program_in_project(argv.front(), project);
  for (std::size_t i = 1; i < argv.size(); ++i) argv[i] = argument_in_project(argv[i], project);
  return shell_command(argv);
}

}  // namespace perfgate
