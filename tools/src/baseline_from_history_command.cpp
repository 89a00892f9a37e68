// perfgate baseline update --history URL: each suite's baseline for a
// testbed, written from the testbed's last K main-line runs in the history
// (each run a round, so the spread between runs is measured), without
// measuring anything.  The history already holds what a refresh would
// measure again.  Runs of another device, runs before a step and outlying
// runs are left out and named (reference_runs.hpp); too few left: exit 2.

#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "baseline_writer.hpp"
#include "commands.hpp"
#include "device_cuda_helper.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/history/open_history.hpp"
#include "perfgate/history/reference_runs.hpp"
#include "perfgate/history/testbed.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/secret_redaction.hpp"
#include "runtime/host_fingerprint.hpp"
#include "suite_manifest.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

std::string listed(const std::vector<std::string>& names) {
  if (names.empty()) return "none";
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

// The build's entry of each suite that has one: whether it runs on a GPU
// (which testbed is this machine's) and where its baselines live.
std::optional<SuiteEntry> manifest_entry(const std::string& suite, const BaselineUpdateOptions& options) {
  try {
    for (const SuiteEntry& s : find_suite_manifest(options.build_dir, options.program).suites)
      if (s.name == suite) return s;
  } catch (const InputError&) {
    // no build tree here: the history's names stand alone
  }
  return std::nullopt;
}

std::vector<std::string> chosen_suites(sql::Connection& db, const BaselineUpdateOptions& options) {
  const std::vector<std::string> known = history::suites_with_runs(db, options.testbed);
  if (options.suites.empty()) {
    if (known.empty())
      throw InputError(db.describe() + ": no main runs" + (options.testbed.empty() ? "" : " on testbed " + options.testbed));
    return known;
  }
  for (const std::string& suite : options.suites)
    if (std::find(known.begin(), known.end(), suite) == known.end())
      throw InputError("--suite " + suite + ": " + db.describe() + " has no main runs of it" +
                       (options.testbed.empty() ? "" : " on testbed " + options.testbed) + "; suites there: " +
                       listed(known));
  return options.suites;
}

// This machine's testbed for the suite: the host's exactly (its name is
// known here), a GPU's by its device slug (the driver and runtime parts of
// the name are the helper's to know), so the one testbed of that slug the
// history holds for the suite.
std::string this_testbed(sql::Connection& db, const std::string& suite, const std::optional<SuiteEntry>& entry) {
  const std::vector<std::string> testbeds = history::testbeds_with_runs(db, suite);
  const bool gpu = entry && entry->gpu;
  if (!gpu) {
    const std::string host = history::testbed_of(host_fingerprint(), "", "this machine").name;
    if (std::find(testbeds.begin(), testbeds.end(), host) != testbeds.end()) return host;
    throw InputError(suite + ": " + db.describe() + " has no main runs on this machine's testbed " + host +
                     "; give --testbed, one of: " + listed(testbeds));
  }
  const std::string slug = this_device_slug(true, entry->gpus);
  std::vector<std::string> matching;
  for (const std::string& testbed : testbeds)
    if (const auto device = history::testbed_device(db, testbed); device && device->slug == slug) matching.push_back(testbed);
  if (matching.size() == 1) return matching.front();
  throw InputError(suite + ": " + std::to_string(matching.size()) + " testbeds of this machine's device " + slug + " in " +
                   db.describe() + "; give --testbed, one of: " + listed(matching.empty() ? testbeds : matching));
}

std::string commits_of(const history::HistoryReference& reference) {
  std::string text;
  for (const history::ReferenceRun& run : reference.runs) text += (text.empty() ? "" : " ") + run.commit.substr(0, 12);
  return text;
}

// A suite's baseline to write: its reference and the folder it goes to.
struct Planned {
  history::HistoryReference reference;
  fs::path baseline_dir;
};

Planned plan_suite(sql::Connection& db, const std::string& suite, const BaselineUpdateOptions& options) {
  const std::optional<SuiteEntry> entry = manifest_entry(suite, options);
  const std::string testbed = options.testbed.empty() ? this_testbed(db, suite, entry) : options.testbed;
  Planned plan{history::load_reference(db, {suite, testbed, static_cast<std::size_t>(options.history_runs), nullptr}),
               !options.baseline_dir.empty() ? options.baseline_dir
               : entry                       ? entry->baseline_dir
                                             : fs::path("baselines")};
  if (!plan.reference.enough())
    throw InputError(suite + ": " + plan.reference.shortage() + " (" + db.describe() + "); lower --runs or record more runs");
  const Fingerprint& device = plan.reference.rounds.front().fingerprint;
  if (device.kind == DeviceKind::gpu && device.compute_capability.empty())
    throw InputError(suite + ": testbed " + testbed + " was stored before the history kept whole device fingerprints, "
                     "so a baseline written from it would be INCOMPARABLE with every run: ingest one new run of it first");
  return plan;
}

void write_planned(const Planned& plan, const BaselineUpdateOptions& options) {
  const history::HistoryReference& reference = plan.reference;
  std::cout << "perfgate: " << reference.suite << ": " << reference.describe() << " (" << commits_of(reference) << ")\n";
  // The runs and case values left out, each named (reference_runs.hpp).
  for (const std::string& note : reference.notes) std::cout << "perfgate: " << reference.suite << ": " << note << '\n';
  const BaselineWrite how{{false, options.append, static_cast<std::size_t>(options.keep_rounds)}, options.force,
                          options.dry_run, reference.describe()};
  write_baseline(*open_baseline_store(plan.baseline_dir), reference.rounds, how);
}

}  // namespace

int run_baseline_from_history(const BaselineUpdateOptions& options) {
  refuse_baseline_write_in_ci(options.force);
  const auto db = history::open_history(options.from_history, sql::Access::read_only);
  if (!options.testbed.empty()) {
    const std::vector<std::string> testbeds = history::testbeds_with_runs(*db);
    if (std::find(testbeds.begin(), testbeds.end(), options.testbed) == testbeds.end())
      throw InputError("--testbed " + options.testbed + ": " + db->describe() + " has no main runs on it; testbeds there: " +
                       listed(testbeds));
  }
  // Every suite's reference is read before any baseline is written: a
  // suite with too few runs costs nothing half-done.
  std::vector<Planned> plans;
  for (const std::string& suite : chosen_suites(*db, options)) plans.push_back(plan_suite(*db, suite, options));
  for (const Planned& plan : plans) write_planned(plan, options);
  return kExitOk;
}

}  // namespace perfgate::cli
