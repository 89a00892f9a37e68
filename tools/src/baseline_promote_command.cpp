// perfgate baseline promote RESULTS.json...: results files already measured
// (a CI run's <suite>.results.json, say) become the baseline, or with
// --append join its rounds.

#include <iostream>

#include "baseline_writer.hpp"
#include "commands.hpp"
#include "perfgate/compare/exit_code.hpp"
#include "perfgate/model/errors.hpp"
#include "perfgate/model/results_io.hpp"
#include "suite_manifest.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

Results load_promotable(const fs::path& file) {
  Results r = load_results(file);
  if (r.fingerprint.kind == DeviceKind::unknown)
    throw InputError(file.string() + ": the device is unknown (Google Benchmark JSON); a baseline needs a perfgate "
                                     "results file from the device it is for");
  for (const BenchmarkResult& b : r.benchmarks)
    if (b.error) throw InputError(file.string() + ": case '" + b.name + "' failed in this run: " + *b.error);
  return r;
}

// The suite's baseline folder from the build's manifest when it lists the
// suite, else ./baselines.
fs::path default_baseline_dir(const std::string& suite, const fs::path& program) {
  try {
    for (const SuiteEntry& s : find_suite_manifest({}, program).suites)
      if (s.name == suite) return s.baseline_dir;
  } catch (const InputError&) {
    // no build tree here: fall through
  }
  return "baselines";
}

}  // namespace

int run_baseline_promote(const BaselinePromoteOptions& options) {
  refuse_in_ci(options.force);
  std::vector<Results> runs;
  for (const fs::path& file : options.files) runs.push_back(load_promotable(file));
  const Results pooled = pool_runs(runs);
  const fs::path dir = options.baseline_dir.empty() ? default_baseline_dir(pooled.suite, options.program)
                                                    : options.baseline_dir;
  const BaselineWrite how{{false, options.append, static_cast<std::size_t>(options.keep_rounds)}, options.force,
                          options.dry_run};
  write_baseline(pooled, baseline_file(dir, pooled), how);
  return kExitOk;
}

}  // namespace perfgate::cli
