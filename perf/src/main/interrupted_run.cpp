#include "main/interrupted_run.hpp"

#include <iostream>

#include "main/output_paths.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/platform/interruption.hpp"

namespace perfgate {

void keep_finished_cases(const Results& partial, const MainOptions& options, int signal) {
  const std::filesystem::path file = results_path(options, partial.suite);
  std::cerr << "perfgate: interrupted by " << describe_signal(signal) << " with " << partial.benchmarks.size()
            << " case(s) finished";
  if (!file.empty() && !partial.benchmarks.empty()) {
    save_results(partial, file);
    std::cerr << "; written to " << file.string();
  }
  std::cerr << '\n';
  if (options.mode == RunMode::gate) remove_reports(report_paths(options, partial.suite));
  throw Interrupted{signal};
}

}  // namespace perfgate
