#include "main/output_paths.hpp"

namespace perfgate {

std::filesystem::path results_path(const MainOptions& options, const std::string& suite) {
  if (!options.results.empty()) return options.results;
  if (!options.out_dir.empty()) return options.out_dir / (suite + ".results.json");
  return {};
}

ReportPaths report_paths(const MainOptions& options, const std::string& suite) {
  ReportPaths paths = options.reports;
  paths.fill_defaults(options.out_dir, suite);
  return paths;
}

void require_outputs_apart(const MainOptions& options, const std::string& suite, const std::vector<NamedPath>& inputs) {
  std::vector<NamedPath> outputs = report_paths(options, suite).named();
  outputs.push_back({results_path(options, suite), "the results JSON"});
  require_distinct_outputs(inputs, outputs);
}

}  // namespace perfgate
