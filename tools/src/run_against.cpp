#include "run_against.hpp"

#include <iostream>
#include <optional>
#include <set>

#include "device_cuda_helper.hpp"
#include "perfgate/baselines/baseline_store.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/gate/reference.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/report_path.hpp"
#include "reference/git_checkout.hpp"
#include "reference/pull_request.hpp"
#include "reference/reference_build.hpp"
#include "suite_against_reference.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

// Which commit one suite is judged against, or why it has none.
struct SuiteReference {
  std::string commit;
  std::string why;      // "the merge base of HEAD and main (GITHUB_BASE_REF=main)"
  std::string problem;  // why there is none; empty when there is
};

// The commit the suite's committed baseline names: this device's (or the
// one this CPU had before its identity was kept), else the newest of any
// device's: the commit is the reference, not the numbers, so a runner of a
// new kind still measures the change.
SuiteReference baseline_commit(const GatedTest& test, const fs::path& repository) {
  if (test.baseline_dir.empty()) return {"", "", "it has no --perfgate_baseline_dir, so no committed baseline"};
  const std::unique_ptr<BaselineStore> store = open_baseline_store(test.baseline_dir, test.test + "'s --perfgate_baseline_dir");
  std::vector<std::string> slugs = {suite_baseline_slug(*store, test)};
  for (const std::string& other : store->devices_with(test.suite))
    if (other != slugs.front()) slugs.push_back(other);
  std::optional<Results> baseline;
  std::string location;
  try {
    for (const std::string& slug : slugs) {
      auto candidate = store->load(test.suite, slug);
      if (!candidate) continue;
      if (slug == slugs.front()) {  // this device's wins
        baseline = std::move(candidate);
        location = report_path(store->location(test.suite, slug), repository);
        break;
      }
      if (!baseline || candidate->created_utc > baseline->created_utc) {
        baseline = std::move(candidate);
        location = report_path(store->location(test.suite, slug), repository);
      }
    }
  } catch (const InputError& e) {
    return {"", "", e.what()};
  }
  if (!baseline) return {"", "", "there is no committed baseline of " + test.suite + " whose commit could be rebuilt"};
  const std::string& named = baseline->source.git_commit;
  if (named.empty()) return {"", "", location + " names no commit"};
  const auto commit = resolve_commit(repository, named);
  if (!commit)
    return {"", "", location + " names commit " + short_commit(named) + ", which this clone does not have (a shallow "
                    "clone? fetch its history, e.g. actions/checkout's fetch-depth: 0)"};
  return {*commit, "the commit of " + location + (baseline->source.git_dirty ? " (recorded from a tree with uncommitted changes)" : ""), ""};
}

// A GPU suite where no GPU is usable skips every case: nothing to build a
// reference for.
bool skips_here(const GatedTest& test) {
  return test.gpu && this_device_slug(true).rfind("cpu-", 0) == 0;
}

// Every test's reference.  An explicit --against that names nothing is an
// error; the default's troubles are each suite's note.
std::map<std::string, SuiteReference> plan_references(const AgainstChoice& choice, const std::vector<GatedTest>& tests,
                                                      const fs::path& source) {
  std::map<std::string, SuiteReference> plans;
  const auto all = [&](const SuiteReference& reference) {
    for (const GatedTest& test : tests) plans[test.test] = reference;
    return plans;
  };
  const auto no_gpu = [&] {
    for (const GatedTest& test : tests)
      if (skips_here(test)) plans[test.test] = {"", "", "no usable GPU here: its cases skip"};
    return plans;
  };
  const auto repository = git_work_tree(source);
  if (!repository) {
    const std::string why = "no git checkout at " + source.string() + " (or no git): nothing to rebuild, so the stored numbers";
    if (choice.explicit_choice) throw InputError("--against: " + why);
    return all({"", "", why});
  }
  try {
    switch (choice.kind) {
      case AgainstKind::revision: {
        const auto commit = resolve_commit(*repository, choice.revision);
        if (!commit) throw InputError("--against " + choice.revision + ": names no commit in " + repository->string());
        all({*commit, choice.revision, ""});
        return no_gpu();
      }
      case AgainstKind::merge_base: {
        const MergeBase base = find_merge_base(*repository, process_environment());
        all({base.commit, base.description, ""});
        return no_gpu();
      }
      case AgainstKind::baseline:
        for (const GatedTest& test : tests)
          plans[test.test] = skips_here(test) ? SuiteReference{"", "", "no usable GPU here: its cases skip"}
                                              : baseline_commit(test, *repository);
        return plans;
      case AgainstKind::stored:
      case AgainstKind::prebuilt: break;
    }
  } catch (const InputError& e) {
    if (choice.explicit_choice) throw;
    return all({"", "", e.what()});
  }
  return plans;
}

CtestStatus status_of(int exit_code) {
  if (exit_code == kExitOk) return CtestStatus::passed;
  if (exit_code == kExitAllSkipped) return CtestStatus::skipped;
  return CtestStatus::failed;
}

}  // namespace

AgainstRun run_against_references(const AgainstChoice& choice, const std::vector<GatedTest>& tests, const fs::path& build,
                                  const RunOptions& options, const RunStored& run_stored) {
  AgainstRun run;
  const CandidateBuild candidate = read_candidate_build(build);
  std::map<std::string, SuiteReference> plans;
  std::map<std::string, ReferenceBuild> builds;  // by commit; "" for --against-build
  std::unique_ptr<ReferenceBuilds> folder;
  if (choice.kind == AgainstKind::prebuilt) {
    folder = std::make_unique<ReferenceBuilds>(candidate);
    builds[""] = folder->prebuilt(options.against_build, tests);
    for (const GatedTest& test : tests) plans[test.test] = {"", "", ""};
  } else {
    plans = plan_references(choice, tests, candidate.source);
    // Every reference built before anything is measured.
    std::map<std::string, std::vector<ReferenceBuilds::Wanted>> tests_of;
    std::map<std::string, std::string> why_of;
    for (const GatedTest& test : tests)
      if (const SuiteReference& plan = plans[test.test]; plan.problem.empty()) {
        tests_of[plan.commit].push_back({test.test, test.program});
        why_of.emplace(plan.commit, plan.why);
      }
    if (!tests_of.empty()) folder = std::make_unique<ReferenceBuilds>(candidate);
    for (const auto& [commit, names] : tests_of) builds[commit] = folder->prepare(commit, why_of[commit], names);
  }
  AgainstSettings settings;
  settings.rounds = options.rounds;
  settings.repetitions = options.repetitions;
  settings.require_gated = options.require_gated;
  settings.count = options.instructions;
  for (const GatedTest& test : tests) {
    std::string problem = plans[test.test].problem;
    if (problem.empty()) {
      const ReferenceBuild& reference = builds[plans[test.test].commit];
      if (!reference.usable()) problem = reference.problem;
      else if (!reference.tests.contains(test.test))
        problem = "the reference " + (reference.commit.empty() ? reference.build.string() : short_commit(reference.commit)) +
                  " has no test " + test.test + " (a suite new in this change?)";
      else if (test.out_dir.empty())
        problem = test.test + " has no --perfgate_out_dir to write its reports to";
      else {
        const SuiteAgainstOutcome outcome = measure_suite_against(test, reference, candidate, settings, std::cout);
        if (outcome.status == SuiteAgainstOutcome::judged) {
          run.statuses[test.test] = status_of(outcome.exit_code);
          run.against_build.insert(test.test);
          continue;
        }
        if (outcome.status == SuiteAgainstOutcome::candidate_failed) {
          std::cerr << "perfgate: error: " << outcome.problem << '\n';
          run.statuses[test.test] = CtestStatus::failed;
          run.notes[test.test].push_back(outcome.problem);
          continue;
        }
        problem = outcome.problem;
      }
    }
    std::cerr << "perfgate: " << test.suite << ": not measured against a reference build: " << problem
              << "; judged as without --against\n";
    run.notes[test.test].push_back("not measured against a reference build (" + problem +
                                   "): judged as without --against, against the stored numbers");
    if (const int status = run_stored(test, run.statuses); status != 0) run.ctest_status = status;
  }
  return run;
}

}  // namespace perfgate::cli
