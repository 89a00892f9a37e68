#include "runtime/recorded_command.hpp"

#include "perfgate/model/report_path.hpp"
#include "perfgate/model/secret_redaction.hpp"
#include "perfgate/model/shell_command.hpp"

namespace perfgate {
namespace {

// A path the shell runs as a path: with a '/' in it.
std::string program_in_project(const std::string& program, const std::string& project) {
  if (program.find('/') == std::string::npos) return program;
  const std::string relative = report_path(program, project);
  return relative.find('/') == std::string::npos ? "./" + relative : relative;
}

}  // namespace

std::string recorded_command(const std::vector<std::string>& args, const std::string& project) {
  std::vector<std::string> argv;
  for (const std::string& arg : args) argv.push_back(redact_secrets(arg));
  if (!argv.empty()) argv.front() = program_in_project(argv.front(), project);
  return shell_command(argv);
}

}  // namespace perfgate
