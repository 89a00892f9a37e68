#pragma once
// `perfgate run` against a reference built and measured on this runner:
// which commit each suite is judged against (one for a revision or the merge
// base; per suite, its committed baseline's own commit), the reference
// builds (all before any measuring: a compiler beside a measurement is the
// noise the gate would report), then every suite interleaved with its
// reference (suite_against_reference.hpp).  A suite whose reference cannot
// be had (no commit, a build that fails, a reference without the suite, a
// reference round that fails) is run as it would be without --against
// (through ctest against its stored numbers), and its reports say why:
// never a silent pass.

#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "commands.hpp"
#include "main_job_exit_code.hpp"
#include "reference/reference_choice.hpp"
#include "run_ctest_listing.hpp"

namespace perfgate::cli {

struct AgainstRun {
  std::map<std::string, CtestStatus> statuses;            // by test, as ctest would have said
  std::map<std::string, std::vector<std::string>> notes;  // by test: for its reports
  int ctest_status = 0;  // non-zero when a ctest run of a suite judged without the reference failed
  std::set<std::string> against_build;  // the tests judged against a reference build (their suites recorded nothing)
};

// Runs one test through ctest as `perfgate run` does without a reference
// (its output filtered into the log), recording its status; returns ctest's
// exit code.
using RunStored = std::function<int(const GatedTest& test, std::map<std::string, CtestStatus>& statuses)>;

AgainstRun run_against_references(const AgainstChoice& choice, const std::vector<GatedTest>& tests,
                                  const std::filesystem::path& build, const RunOptions& options, const RunStored& run_stored);

}  // namespace perfgate::cli
