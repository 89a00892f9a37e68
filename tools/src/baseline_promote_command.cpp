// perfgate baseline promote RESULTS.json...: results files already measured
// (a CI run's <suite>.results.json, say) become the baseline, or with
// --append join its rounds.

#include <iostream>

#include "baseline_writer.hpp"
#include "commands.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/model/fingerprint.hpp"
#include "perfgate/formats/input_file.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/model/suite_name.hpp"
#include "suite_manifest.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

// The slug names the folder the baseline goes to, so it must be the one this
// device gets everywhere else (expected_slug): a GPU's fingerprint under a CPU's
// slug would land among, and be pooled with, the CPU's runs.
void require_own_slug(const Fingerprint& device, const fs::path& file) {
  require_device_slug(device.slug, file.string() + ": fingerprint");
  const std::string expected = expected_slug(device);  // "-x<N>" for a run on several GPUs
  if (device.slug != expected)
    throw InputError(file.string() + ": fingerprint: slug " + quote_text(device.slug) + " is not the slug of the " +
                     to_string(device.kind) + " " + quote_text(device.name) + " (" + quote_text(expected) + ")");
}

Results load_promotable(const fs::path& file) {
  Results r = load_results(file);
  if (r.fingerprint.kind == DeviceKind::unknown)
    throw InputError(file.string() + ": the device is unknown (Google Benchmark JSON); a baseline needs a perfgate "
                                     "results file from the device it is for");
  require_suite_name(r.suite, file.string());  // it names the baseline file
  require_own_slug(r.fingerprint, file);
  for (const BenchmarkResult& b : r.benchmarks)
    if (b.error)
      throw InputError(file.string() + ": case " + quote_text(b.name) + " failed in this run: " + quote_text(*b.error));
  return r;
}

// Runs the gate would call incomparable (fingerprint.hpp) never become one
// baseline: their samples would describe no machine.
void require_comparable(const Results& first, const fs::path& first_file, const Results& run, const fs::path& file) {
  std::string why;
  if (!comparable(first.fingerprint, run.fingerprint, &why))
    throw InputError(file.string() + ": cannot be pooled with " + first_file.string() + ": " + why);
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

// The files a promotion measured, for messages: "a.json, b.json".
std::string origin_of(const std::vector<fs::path>& files) {
  std::string text;
  for (const fs::path& file : files) text += (text.empty() ? "" : ", ") + file.string();
  return text;
}

}  // namespace

int run_baseline_promote(const BaselinePromoteOptions& options) {
  refuse_baseline_write_in_ci(options.force);
  require_standard_input_once(options.files, "baseline promote's RESULTS");
  std::vector<Results> runs;
  for (const fs::path& file : options.files) {
    runs.push_back(load_promotable(file));
    require_comparable(runs.front(), options.files.front(), runs.back(), file);
  }
  // The first run's suite: pooling (in the store's write) refuses runs of others.
  const fs::path dir = options.baseline_dir.empty() ? default_baseline_dir(runs.front().suite, options.program)
                                                    : options.baseline_dir;
  const BaselineWrite how{{false, options.append, static_cast<std::size_t>(options.keep_rounds)}, options.force,
                          options.dry_run, origin_of(options.files)};
  write_baseline(*open_baseline_store(dir), runs, how);
  return kExitOk;
}

}  // namespace perfgate::cli
