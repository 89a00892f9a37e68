#include "case_runner.hpp"

#include <benchmark/benchmark.h>

#include "perfgate/platform/errors.hpp"
#include "perfgate/runtime/derived_figures.hpp"
#include "perfgate/runtime/run_collector.hpp"
#include "runtime/source_info.hpp"
#include "perfgate/runtime/suite_info.hpp"
#include "runtime/work_counters.hpp"
#include "perfgate/formats/results_io.hpp"

namespace perfgate {

// Google Benchmark's flags are plain globals: a later Initialize overwrites
// those it is given and keeps the rest.
std::vector<BenchmarkResult> run_cases_here(std::vector<std::string> args, const MainOptions& options,
                                            const std::string& journal, RunHooks hooks) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  benchmark::Initialize(&argc, argv.data());
  if (benchmark::ReportUnrecognizedArguments(argc, argv.data()))
    throw InputError("unrecognized command-line flag (see --help and --perfgate_help)");
  if (!hooks.display)
    hooks.display = make_display_reporter(options.display_format, options.color, options.counters_tabular);
  RunCollector collector(std::move(hooks.display), options.display_aggregates_only);
  const auto results = [&] {
    std::vector<BenchmarkResult> finished = collector.results();
    if (hooks.finish) hooks.finish(finished);
    return finished;
  };
  // The journal holds every finished case at any moment: what a crash leaves.
  const auto write_journal = [&] {
    Results snapshot;
    snapshot.suite = this_suite.name ? this_suite.name : "";
    snapshot.fingerprint.slug = "journal";  // only its cases are read back
    snapshot.benchmarks = results();
    save_results(snapshot, journal);
  };
  if (!journal.empty()) collector.on_report(write_journal);
  if (hooks.before_cases) hooks.before_cases();
  benchmark::RunSpecifiedBenchmarks(&collector);
  if (!journal.empty()) write_journal();
  return results();
}

Results suite_results(std::vector<BenchmarkResult> cases, const std::string& suite, const Fingerprint& device,
                      const Ceilings& ceilings, const std::string& command) {
  Results results;
  results.suite = suite;
  results.created_utc = utc_timestamp_now();
  results.fingerprint = device;
  results.source = source_info(this_suite.source_dir ? this_suite.source_dir : "", command);
  results.benchmarks = std::move(cases);
  for (BenchmarkResult& b : results.benchmarks) derive_work_counters(b, ceilings);
  results.figures = derive_figures(results.benchmarks, registered_figures());
  return results;
}

}  // namespace perfgate
