#include "main/reference_for_run.hpp"

#include <iostream>
#include <utility>

#include "main/baseline_advice.hpp"
#include "main/output_paths.hpp"
#include "perfgate/baselines/baseline_refresh.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/report_path.hpp"
#include "perfgate/runtime/suite_info.hpp"

namespace perfgate {
namespace {

// A baseline as reports name it: its location relative to the project.
RunReference stored(FoundBaseline found, bool another_device) {
  RunReference chosen;
  const std::string project = this_suite.source_dir ? this_suite.source_dir : "";
  chosen.reference = stored_reference(report_path(found.location, project), found.results->source.git_commit);
  chosen.origin = chosen.reference.name;
  chosen.baseline = std::move(found.results);
  chosen.another_device = another_device;
  return chosen;
}

RunReference nothing() {
  RunReference chosen;
  chosen.reference = no_reference("no baseline of this suite on any device");
  chosen.origin = chosen.reference.name;
  return chosen;
}

// A committed baseline, the pin a team reviews, always wins over the
// history; too few runs leave the suite NOT GATED, saying how many there are.
std::optional<RunReference> from_history(RunHistory& history, const std::string& suite, const Fingerprint& device,
                                         const MainOptions& options, std::string& shortage) {
  RunHistory::Reference found = history.reference(device, suite, static_cast<std::size_t>(options.history_runs));
  if (found.rounds.empty()) {
    shortage = found.origin;
    return std::nullopt;
  }
  std::cerr << "perfgate: no baseline of " << suite << " for " << device.slug << ": gating against the " << found.origin
            << '\n';
  for (const std::string& note : found.notes) std::cerr << "perfgate: " << note << '\n';
  RunReference chosen;
  chosen.baseline = pool_runs(found.rounds);
  chosen.reference = history_reference(found.origin, found.rounds.back().source.git_commit);
  chosen.origin = found.origin;
  chosen.notes = std::move(found.notes);
  return chosen;
}

// No baseline for this device, said before measuring: the run will be NOT
// GATED, exit 0 (a suite's first runs must not break a pipeline).
void say_what_gates(const MainOptions& options, const std::string& suite, const Fingerprint& device,
                    const FoundBaseline& other, const std::string& history_shortage) {
  const std::optional<std::filesystem::path> named =
      other.results ? std::optional<std::filesystem::path>(other.location) : std::nullopt;
  std::string warning = not_gated_warning(suite, device.slug, named, results_path(options, suite), options);
  if (!history_shortage.empty()) warning += "; the history cannot stand in: " + history_shortage;
  const bool all_will_skip = this_suite.gpu && device.kind != DeviceKind::gpu;
  if (options.gate.require_gated && !all_will_skip)
    throw InputError("--perfgate_require_gated: " + warning + "; nothing measured");
  std::cerr << "perfgate: " << warning << '\n';
}

}  // namespace

FoundBaseline own_baseline(const RunBaselines& baselines, const std::string& suite, const Fingerprint& device,
                           const MainOptions& options) {
  const std::string slug = baselines.slug_of(suite, device);
  require_outputs_apart(options, suite, baselines.inputs(suite, slug, model_slug(device)));
  FoundBaseline own = baselines.this_device(suite, slug);
  if (own.results)
    if (const auto warning = few_rounds_warning(*own.results, own.location, options))
      std::cerr << "perfgate: warning: " << *warning << '\n';
  return own;
}

RunReference reference_for_run(FoundBaseline own, const RunBaselines& baselines, RunHistory* history,
                               const std::string& suite, const Fingerprint& device, const MainOptions& options) {
  if (own.results) return stored(std::move(own), false);
  std::string shortage;
  if (history)
    if (std::optional<RunReference> runs = from_history(*history, suite, device, options, shortage)) return std::move(*runs);
  FoundBaseline other = baselines.other_device(suite);
  say_what_gates(options, suite, device, other, shortage);
  RunReference chosen = other.results ? stored(std::move(other), true) : nothing();
  if (!shortage.empty()) chosen.notes.push_back(shortage);
  return chosen;
}

}  // namespace perfgate
