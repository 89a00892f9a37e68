// perfgate baseline show: what a baseline holds, for review.

#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "perfgate/compare/exit_code.hpp"
#include "perfgate/model/errors.hpp"
#include "perfgate/model/results_io.hpp"
#include "perfgate/runtime/this_device.hpp"
#include "perfgate/stats/summary.hpp"
#include "perfgate/writers/text_format.hpp"
#include "suite_manifest.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

std::string gate_text(const GateOverride& gate) {
  std::string text;
  if (gate.threshold_pct) {
    char number[32];
    std::snprintf(number, sizeof number, "%g", *gate.threshold_pct);
    text += std::string("threshold ") + number + "%";
  }
  if (gate.ignore) text += std::string(text.empty() ? "" : ", ") + "ignored";
  if (gate.reason) text += " (" + *gate.reason + ")";
  return text;
}

void show(const fs::path& file) {
  const Results r = load_results(file);
  std::cout << file.string() << "\n  suite " << r.suite << ", device " << r.fingerprint.slug << " (" << r.fingerprint.name
            << "), recorded " << r.created_utc << ", commit "
            << (r.source.git_commit.empty() ? "unknown" : r.source.git_commit) << (r.source.git_dirty ? " (dirty)" : "")
            << ", perfgate " << r.source.perfgate_version << "\n";
  std::size_t width = 9;
  for (const auto& b : r.benchmarks) width = std::max(width, b.name.size());
  std::printf("  %-*s  %10s  %9s  %7s  %s\n", static_cast<int>(width), "Benchmark", "Median", "Robust CV", "Samples",
              "Gate");
  for (const auto& b : r.benchmarks) {
    const std::string median = b.measured() ? format_seconds(stats::median(b.samples)) : "-";
    char cv[32] = "-";
    if (b.measured()) std::snprintf(cv, sizeof cv, "%.2f%%", stats::robust_cv(b.samples) * 100.0);
    const std::string state = b.error ? "failed: " + *b.error : b.skipped ? "skipped: " + *b.skipped : gate_text(b.gate);
    std::printf("  %-*s  %10s  %9s  %7zu  %s\n", static_cast<int>(width), b.name.c_str(), median.c_str(), cv,
                b.samples.size(), state.c_str());
  }
}

}  // namespace

int run_baseline_show(const BaselineShowOptions& options) {
  if (!options.file.empty()) {
    show(options.file);
    return kExitOk;
  }
  const SuiteManifest manifest = find_suite_manifest(options.build_dir, options.program);
  for (const SuiteEntry& suite : select_suites(manifest, options.suites)) {
    const std::string slug = this_device(suite.gpu).slug;
    const fs::path file = suite.baseline_dir / slug / (suite.name + ".json");
    if (!fs::exists(file)) {
      std::cout << suite.name << ": no baseline for this device (" << slug << ") under " << suite.baseline_dir.string()
                << "\n";
      continue;
    }
    show(file);
  }
  return kExitOk;
}

}  // namespace perfgate::cli
