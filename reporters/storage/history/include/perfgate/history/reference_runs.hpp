#pragma once
// The history as a gate's reference: a suite's last K main-line runs on one
// testbed, each run a round of a baseline (so the spread between runs is
// measured, not guessed).  `perfgate baseline update --from-history` writes
// them as a baseline file; a suite binary with --perfgate_history and no
// baseline of its own device is gated against them.  Pull-request and A/B
// runs are never part of a reference: they are judged against the main line.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/model/fingerprint.hpp"
#include "perfgate/model/results.hpp"
#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::history {

// Five runs: the fewest from which the run-to-run spread is estimated
// (run_spread.hpp's kMinSpreadRuns), so a reference never knows less about
// the machine's drift than the spread the gate reads beside it.
inline constexpr std::size_t kDefaultReferenceRuns = 5;

struct ReferenceRequest {
  std::string suite;
  std::string testbed;
  std::size_t runs = kDefaultReferenceRuns;
  // The device the rounds are said to come from: the current run's, when the
  // gate asks (its testbed is this one by construction); null: the device
  // the history holds for the testbed.
  const Fingerprint* device = nullptr;
};

struct ReferenceRun {
  std::string run_id;
  std::string commit;
  std::optional<std::int64_t> ordinal;
  std::string created_utc;
};

struct HistoryReference {
  std::string suite;
  std::string testbed;
  std::size_t needed = 0;           // runs asked for
  std::size_t available = 0;        // main runs of the suite on the testbed with their samples
  std::vector<ReferenceRun> runs;   // the runs used, oldest first (empty when too few)
  std::vector<Results> rounds;      // one per run, in the same order

  bool enough() const { return !rounds.empty(); }
  // "history: last 5 main runs on <testbed>, commits 1a2b3c4d5e6f..9f8e7d6c5b4a"
  std::string describe() const;
  // "history: 2 main runs of <suite> on <testbed>, 5 needed"
  std::string shortage() const;
};

// The reference `request` asks for.  Runs whose samples were pruned are not
// used (a round needs its samples); when fewer than `request.runs` remain,
// the answer has `available` and no rounds.  A history without perfgate's
// schema has no runs.
HistoryReference load_reference(sql::Connection& db, const ReferenceRequest& request);

// What the history holds, for the messages of a request it cannot answer:
// the testbeds with main runs (of `suite`, when given), and the suites with
// main runs (on `testbed`, when given), each sorted.
std::vector<std::string> testbeds_with_runs(sql::Connection& db, const std::string& suite = {});
std::vector<std::string> suites_with_runs(sql::Connection& db, const std::string& testbed = {});

// The testbed's device as the history knows it: the whole fingerprint it
// keeps, else (a testbed stored by schema version 1 and not ingested into
// since) its row's fields, without the GPU details the gate compares
// (compute capability, SM count).
std::optional<Fingerprint> testbed_device(sql::Connection& db, const std::string& testbed);

}  // namespace perfgate::history
