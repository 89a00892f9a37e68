#pragma once
// `perfgate run --against`: one gated suite measured against the reference
// build, interleaved (interleaved_rounds.hpp), each round of either build
// through its own ctest (the test's command line, environment, working
// folder, timeout and resource groups, so a GPU suite's two builds share one
// GPU), and its reports written where the suite binary writes its own.

#include <filesystem>
#include <ostream>
#include <string>

#include <map>

#include "interleaved_rounds.hpp"
#include "perfgate/gate/gate_settings.hpp"
#include "run_ctest_listing.hpp"
#include "reference/reference_build.hpp"

namespace perfgate {
class BaselineStore;
}

namespace perfgate::cli {

struct AgainstSettings {
  int rounds = 10;                   // alternating rounds a build
  int repetitions = 2;               // repetitions a round
  int remeasure_repetitions = 0;     // extra repetitions a side for undecided slowdowns (0: two looks)
  double remeasure_seconds = 300.0;
  bool require_gated = false;
  bool count = false;  // count both builds' work in their first rounds (RoundRequest::count)
};

// What measuring one suite against the reference came to.
struct SuiteAgainstOutcome {
  enum Status { judged, reference_failed, candidate_failed } status = judged;
  int exit_code = 0;    // judged: the gate's (0, 1, 2, 77)
  std::string problem;  // reference_failed / candidate_failed: what went wrong, one line
};

// Measures `test` (of the candidate build) against the same test of
// `reference`, and writes its reports into the test's --perfgate_out_dir as
// the suite binary would (<suite>.comparison.json, .junit.xml, .md, .html,
// <suite>.results.json) with the reference's pooled rounds beside them
// (<suite>.reference.results.json).  The gate settings are the suite's (its
// --perfgate_* gate flags, PERFGATE_* in the environment); per-case gate
// overrides of the suite's committed baseline for this device still apply.
// A reference round that fails ends with reference_failed (the caller judges
// the suite without the reference); a candidate round that fails, with
// candidate_failed (a harness error).
// The slug of this device's committed baselines of the test's suite: the
// GPU's for a GPU suite (perfgate-device-cuda), else this CPU's own or the
// one it had before its identity was kept (baseline_store.hpp, baseline_slug).
std::string suite_baseline_slug(const BaselineStore& store, const GatedTest& test);

// One side of an interleaved measurement: `test` of the build folder
// `build`, each round through `ctest` in record mode, `environment` added
// (PERFGATE_GIT_COMMIT: the commit its results name).
InterleavedSide ctest_side(const std::string& name, const std::filesystem::path& ctest, const std::filesystem::path& build,
                           const std::string& test, std::map<std::string, std::string> environment);

// The gate as the suite binary would set it: PERFGATE_<NAME>, then the
// test's --perfgate_<name> flags.
GateSettings suite_gate(const GatedTest& test, bool require_gated);

SuiteAgainstOutcome measure_suite_against(const GatedTest& test, const ReferenceBuild& reference,
                                          const CandidateBuild& candidate, const AgainstSettings& settings,
                                          std::ostream& console);

}  // namespace perfgate::cli
