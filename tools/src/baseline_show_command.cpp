// perfgate baseline show: what a baseline holds, for review.

#include <cstdio>
#include <iostream>
#include <optional>

#include "commands.hpp"
#include "device_cuda_helper.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/baselines/baseline_store.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/input_file.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/stats/summary.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "suite_manifest.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

std::string percent_text(double pct) {
  char number[32];
  std::snprintf(number, sizeof number, "%g%%", pct);
  return number;
}

// "threshold 8%, judged by counts, count threshold 0.5%, ignored (why)".
std::string gate_text(const GateOverride& gate) {
  std::string text;
  const auto add = [&text](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
  if (gate.threshold_pct) add("threshold " + percent_text(*gate.threshold_pct));
  if (gate.measure) add(std::string("judged by ") + to_string(*gate.measure));
  if (gate.count_threshold_pct) add("count threshold " + percent_text(*gate.count_threshold_pct));
  if (gate.ignore) add("ignored");
  if (gate.reason) text += " (" + printable_text(*gate.reason) + ")";
  return text;
}

// What a baseline row shows of its samples, or of the summary a producer
// kept instead of them (NVBench without its sample files).
struct Centre {
  std::string median = "-";
  std::string cv = "-";
  std::size_t count = 0;
};

Centre centre_of(const BenchmarkResult& b) {
  Centre c;
  if (!b.measured()) return c;
  char text[32];
  if (b.samples.empty() && b.summary) {
    c.median = format_seconds(b.summary->mean);
    std::snprintf(text, sizeof text, "%.2f%%", b.summary->mean > 0 ? b.summary->stdev / b.summary->mean * 100.0 : 0.0);
    c.count = b.summary->count;
  } else {
    c.median = format_seconds(stats::median(b.samples));
    std::snprintf(text, sizeof text, "%.2f%%", stats::robust_cv(b.samples) * 100.0);
    c.count = b.samples.size();
  }
  c.cv = text;
  return c;
}

// Everything printed from the file is escaped: a baseline under review may
// come from someone else's branch.
void show(const Results& r, const std::string& location) {
  std::cout << printable_text(location) << "\n  suite " << printable_text(r.suite) << ", device "
            << printable_text(r.fingerprint.slug) << " (" << printable_text(r.fingerprint.name) << "), recorded "
            << printable_text(r.created_utc) << ", commit "
            << (r.source.git_commit.empty() ? "unknown" : printable_text(r.source.git_commit))
            << (r.source.git_dirty ? " (dirty)" : "") << ", perfgate "
            << (r.source.perfgate_version.empty() ? "version unknown" : printable_text(r.source.perfgate_version))
            << "\n";
  std::size_t width = 9;
  for (const auto& b : r.benchmarks) width = std::max(width, printable_name(b.name).size());
  std::printf("  %-*s  %10s  %9s  %7s  %s\n", static_cast<int>(width), "Benchmark", "Median", "Robust CV", "Samples",
              "Gate");
  for (const auto& b : r.benchmarks) {
    const Centre centre = centre_of(b);
    const std::string state = b.error     ? "failed: " + printable_text(*b.error)
                              : b.skipped ? "skipped: " + printable_text(*b.skipped)
                                          : gate_text(b.gate);
    std::printf("  %-*s  %10s  %9s  %7zu  %s%s\n", static_cast<int>(width), printable_name(b.name).c_str(),
                centre.median.c_str(), centre.cv.c_str(), centre.count, state.c_str(),
                b.samples.empty() && b.summary ? " (summary only: the mean, and stdev / mean as the CV)" : "");
  }
}

}  // namespace

int run_baseline_show(const BaselineShowOptions& options) {
  if (!options.file.empty()) {
    show(load_results(options.file), input_name(options.file));  // "-": standard input
    return kExitOk;
  }
  const SuiteManifest manifest = find_suite_manifest(options.build_dir, options.program);
  for (const SuiteEntry& suite : select_suites(manifest, options.suites)) {
    const std::string slug = this_device_slug(suite.gpu, suite.gpus);  // the GPU's through perfgate-device-cuda
    const std::unique_ptr<BaselineStore> store = open_baseline_store(suite.baseline_dir);
    const std::optional<Results> baseline = store->load(suite.name, slug);
    if (!baseline) {
      std::cout << suite.name << ": no baseline for this device (" << slug << ") under " << suite.baseline_dir.string()
                << "\n";
      continue;
    }
    show(*baseline, store->location(suite.name, slug));
  }
  return kExitOk;
}

}  // namespace perfgate::cli
