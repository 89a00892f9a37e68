// perfgate baseline update: measure the built suites again, show what moved,
// and write baselines/<device-slug>/<suite>.json atomically under a lock.

#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <optional>

#include "commands.hpp"
#include "perfgate/compare/comparison.hpp"
#include "perfgate/compare/exit_code.hpp"
#include "perfgate/model/baseline_refresh.hpp"
#include "perfgate/model/errors.hpp"
#include "perfgate/model/file_lock.hpp"
#include "perfgate/model/results_io.hpp"
#include "perfgate/writers/console_table.hpp"
#include "subprocess.hpp"
#include "suite_manifest.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

// CI systems set CI (GitHub, GitLab, Jenkins' plugins, ...).  Baselines are
// reviewed changes made by people, never a side effect of a pipeline.
bool running_in_ci() {
  const char* ci = std::getenv("CI");
  if (!ci || !*ci) return false;
  const std::string value = ci;
  return value != "0" && value != "false" && value != "no";
}

class TemporaryFolder {
 public:
  TemporaryFolder() : path_(fs::temp_directory_path() / ("perfgate-update-" + std::to_string(::getpid()))) {
    fs::create_directories(path_);
  }
  ~TemporaryFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

struct Measured {
  std::optional<Results> results;  // nullopt: nothing to write
  int exit_code = kExitOk;
};

Measured measure_rounds(const SuiteEntry& suite, const BaselineUpdateOptions& options, const fs::path& scratch) {
  std::vector<Results> rounds;
  for (int round = 1; round <= options.rounds; ++round) {
    const fs::path file = scratch / (suite.name + ".round" + std::to_string(round) + ".json");
    std::vector<std::string> args = suite.args;
    args.push_back("--perfgate_mode=record");
    args.push_back("--perfgate_results=" + file.string());
    args.push_back("--benchmark_repetitions=" + std::to_string(options.repetitions));
    if (!options.filter.empty()) args.push_back("--benchmark_filter=" + options.filter);
    std::cerr << "perfgate: " << suite.name << ": round " << round << " of " << options.rounds << '\n';
    const int code = run_program(suite.binary, args);
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
  }
  return {pool_runs(rounds), kExitOk};
}

std::optional<Results> load_old_baseline(const fs::path& path, bool force) {
  if (!fs::exists(path)) return std::nullopt;
  try {
    return load_results(path);
  } catch (const InputError& e) {
    if (!force) throw InputError(std::string(e.what()) + " (pass --force to replace it)");
    std::cerr << "perfgate: warning: replacing an unreadable baseline: " << e.what() << '\n';
    return std::nullopt;
  }
}

void show_movement(const std::optional<Results>& old, const Results& measured, const fs::path& path) {
  if (!old) {
    std::cout << "\nperfgate: new baseline " << path.string() << " with " << measured.benchmarks.size()
              << " benchmarks\n";
    return;
  }
  Comparison moved = compare_results(*old, measured);
  moved.baseline.origin = path.string() + " (old)";
  moved.current.origin = "new measurements";
  std::cout << "\nWhat moved against the old baseline (for review; nothing is gated here):";
  print_comparison_table(std::cout, moved, std::nullopt);
}

int update_suite(const SuiteEntry& suite, const BaselineUpdateOptions& options, const fs::path& scratch) {
  Measured measured = measure_rounds(suite, options, scratch);
  if (!measured.results) return measured.exit_code;
  const fs::path path = suite.baseline_dir / measured.results->fingerprint.slug / (suite.name + ".json");
  std::optional<FileLock> lock;
  if (!options.dry_run) lock.emplace(path);  // a concurrent update of this device's baselines waits here
  const std::optional<Results> old = load_old_baseline(path, options.force);
  show_movement(old, *measured.results, path);  // the new runs alone, before any pooling with the old
  const RefreshOptions refresh{!options.filter.empty(), options.append, static_cast<std::size_t>(options.keep_rounds)};
  const Results fresh = refreshed_baseline(old, std::move(*measured.results), refresh);
  if (options.dry_run) {
    std::cout << "perfgate: dry run: " << path.string() << " left as it was\n";
    return kExitOk;
  }
  save_results(fresh, path);
  std::cout << "perfgate: wrote " << path.string() << '\n';
  return kExitOk;
}

}  // namespace

int run_baseline_update(const BaselineUpdateOptions& options) {
  if (running_in_ci() && !options.force)
    throw InputError("refusing to write baselines in CI (CI=" + std::string(std::getenv("CI")) +
                     "): baselines are refreshed by people and reviewed; pass --force to override");
  const SuiteManifest manifest = find_suite_manifest(options.build_dir, options.program);
  const std::vector<SuiteEntry> suites = select_suites(manifest, options.suites);
  const TemporaryFolder scratch;
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
