#include "main/run_naming.hpp"

#include <filesystem>

#include "perfgate/model/suite_name.hpp"
#include "perfgate/runtime/suite_info.hpp"

namespace perfgate {

std::string suite_name(const MainOptions& options, const std::string& argv0) {
  if (!options.suite.empty()) return options.suite;
  if (this_suite.name && *this_suite.name) return this_suite.name;
  std::string name = std::filesystem::path(argv0).filename().string();
  if (name.rfind("perf_", 0) == 0) name = name.substr(5);
  require_suite_name(name, argv0 + ": the suite's name (pass --perfgate_suite=NAME)");
  return name;
}

}  // namespace perfgate
