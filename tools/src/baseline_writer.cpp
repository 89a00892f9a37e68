#include "baseline_writer.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <optional>

#include "perfgate/compare/comparison.hpp"
#include "perfgate/model/errors.hpp"
#include "perfgate/model/file_lock.hpp"
#include "perfgate/model/fingerprint.hpp"
#include "perfgate/model/results_io.hpp"
#include "perfgate/model/suite_name.hpp"
#include "perfgate/writers/console_table.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

// CI systems set CI (GitHub, GitLab, Jenkins' plugins, ...).
bool running_in_ci() {
  const char* ci = std::getenv("CI");
  if (!ci || !*ci) return false;
  const std::string value = ci;
  return value != "0" && value != "false" && value != "no";
}

std::optional<Results> load_old_baseline(const fs::path& path, bool force) {
  if (!fs::exists(path)) return std::nullopt;
  try {
    return load_results(path);
  } catch (const InputError& e) {
    if (!force) throw InputError(std::string(e.what()) + " (pass --force to replace it)");
    std::cerr << "perfgate: warning: replacing an unreadable baseline: " << printable_text(e.what()) << '\n';
    return std::nullopt;
  }
}

// Pooling rounds of devices the gate calls incomparable makes a baseline of
// no one machine (a GPU's runs among a CPU's): refused before anything moves.
void require_poolable(const std::optional<Results>& old, const Results& measured, const fs::path& file,
                      const BaselineWrite& how) {
  std::string why;
  if (how.refresh.append && old && !comparable(old->fingerprint, measured.fingerprint, &why))
    throw InputError((how.origin.empty() ? std::string("the new runs") : how.origin) + ": cannot be appended to " +
                     file.string() + ": " + why);
}

// A partial (--filter) refresh keeps the cases it did not re-measure: they
// did not move, and must not be shown as REMOVED.
Results remeasured_part(Results old, const Results& measured) {
  std::erase_if(old.benchmarks, [&](const BenchmarkResult& b) { return measured.find(b.name) == nullptr; });
  return old;
}

void show_movement(const std::optional<Results>& old, const Results& measured, const fs::path& path, bool partial) {
  if (!old) {
    std::cout << "\nperfgate: new baseline " << path.string() << " with " << measured.benchmarks.size()
              << " benchmarks\n";
    return;
  }
  Comparison moved = compare_results(partial ? remeasured_part(*old, measured) : *old, measured);
  moved.baseline.origin = path.string() + " (old)";
  moved.current.origin = "new measurements";
  std::cout << "\nWhat moved against the old baseline (for review; nothing is gated here):";
  print_comparison_table(std::cout, moved, std::nullopt);
}

}  // namespace

void refuse_in_ci(bool force) {
  if (running_in_ci() && !force)
    throw InputError("refusing to write baselines in CI (CI=" + std::string(std::getenv("CI")) +
                     "): baselines are refreshed by people and reviewed; pass --force to override");
}

fs::path baseline_file(const fs::path& baseline_dir, const Results& measured) {
  require_device_slug(measured.fingerprint.slug, baseline_dir.string());
  require_suite_name(measured.suite, baseline_dir.string());
  return baseline_dir / measured.fingerprint.slug / (measured.suite + ".json");
}

void write_baseline(const Results& measured, const fs::path& file, const BaselineWrite& how) {
  std::optional<FileLock> lock;
  if (!how.dry_run) lock.emplace(file);  // a concurrent write to this device's baselines waits here
  const std::optional<Results> old = load_old_baseline(file, how.force);
  require_poolable(old, measured, file, how);
  show_movement(old, measured, file, how.refresh.partial);  // the new runs alone, before any pooling with the old
  const Results fresh = refreshed_baseline(old, measured, how.refresh);
  if (how.dry_run) {
    std::cout << "perfgate: dry run: " << file.string() << " left as it was\n";
    return;
  }
  save_results(fresh, file);
  std::cout << "perfgate: wrote " << file.string() << '\n';
}

}  // namespace perfgate::cli
