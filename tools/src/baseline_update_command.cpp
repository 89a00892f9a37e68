// perfgate baseline update: measure the built suites again, show what moved,
// and write baselines/<device-slug>/<suite>.json atomically under a lock.

#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/platform/scratch_folder.hpp"
#include "baseline_update_estimate.hpp"
#include "baseline_writer.hpp"
#include "subprocess.hpp"
#include "suite_manifest.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

struct Measured {
  std::optional<std::vector<Results>> rounds;  // nullopt: nothing to write
  int exit_code = kExitOk;
};

Measured measure_rounds(const SuiteEntry& suite, const BaselineUpdateOptions& options, const fs::path& scratch) {
  std::vector<Results> rounds;
  std::cerr << estimate_line(suite.name,
                             estimate_update(*open_baseline_store(suite.baseline_dir), suite.name, options.filter,
                                             options.repetitions, options.rounds),
                             options.repetitions, options.rounds)
            << '\n';
  for (int round = 1; round <= options.rounds; ++round) {
    const fs::path file = scratch / (suite.name + ".round" + std::to_string(round) + ".json");
    std::vector<std::string> args = suite.args;
    args.push_back("--perfgate_mode=record");
    // Where the suite finds this device's calibration (device.json).
    args.push_back("--perfgate_baseline_dir=" + suite.baseline_dir.string());
    args.push_back("--perfgate_results=" + file.string());
    args.push_back("--benchmark_repetitions=" + std::to_string(options.repetitions));
    if (!options.filter.empty()) args.push_back("--benchmark_filter=" + options.filter);
    std::cerr << "perfgate: " << suite.name << ": round " << round << " of " << options.rounds << '\n';
    const auto started = std::chrono::steady_clock::now();
    const int code = run_program(suite.binary, args, temporary_round_environment(options.instructions && round == 1));
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
    if (code == kExitAllSkipped) {
      std::cerr << "perfgate: " << suite.name << ": every case was skipped here; no baseline written\n";
      return {std::nullopt, kExitAllSkipped};
    }
    if (code != kExitOk) {
      std::cerr << "perfgate: error: " << suite.name << ": the suite exited with " << code
                << " (a case failed); no baseline written\n";
      return {std::nullopt, kExitError};
    }
    rounds.push_back(load_results(file));
    std::cerr << round_line(suite.name, round, options.rounds, took.count()) << '\n';
  }
  return {std::move(rounds), kExitOk};
}

int update_suite(const SuiteEntry& suite, const BaselineUpdateOptions& options, const fs::path& scratch) {
  const Measured measured = measure_rounds(suite, options, scratch);
  if (!measured.rounds) return measured.exit_code;
  const BaselineWrite how{{!options.filter.empty(), options.append, static_cast<std::size_t>(options.keep_rounds)},
                          options.force, options.dry_run, suite.name + "'s new rounds"};
  write_baseline(*open_baseline_store(suite.baseline_dir), *measured.rounds, how);
  return kExitOk;
}

}  // namespace

int run_baseline_update(const BaselineUpdateOptions& options) {
  if (!options.from_history.empty()) return run_baseline_from_history(options);
  refuse_baseline_write_in_ci(options.force);
  const SuiteManifest manifest = find_suite_manifest(options.build_dir, options.program);
  const std::vector<SuiteEntry> suites = select_suites(manifest, options.suites);
  // Callgrind counts host suites; a GPU suite's kernels are counted by CUPTI.
  const bool host_suite = std::any_of(suites.begin(), suites.end(), [](const SuiteEntry& s) { return !s.gpu; });
  if (options.instructions && host_suite) require_valgrind("--instructions");
  // Private (mkdtemp, mode 0700) and unpredictable: in a folder someone else
  // could make first, they could swap a round's results, and the baseline
  // written (perhaps by root) would be theirs.
  const ScratchFolder scratch("perfgate-update");
  bool failed = false, wrote = false;
  for (const SuiteEntry& suite : suites) {
    const int code = update_suite(suite, options, scratch.path());
    failed |= code == kExitError;
    wrote |= code == kExitOk;
  }
  if (failed) return kExitError;
  return wrote ? kExitOk : kExitAllSkipped;
}

}  // namespace perfgate::cli
