#pragma once
// The history as a gate's reference: a suite's last K main-line runs on one
// testbed, each run a round of a baseline (so the spread between runs is
// measured, not guessed).  `perfgate baseline update --history` writes
// them as a baseline file; a suite binary with --perfgate_history and no
// baseline of its own device is gated against them.  Pull-request and A/B
// runs are never part of a reference: they are judged against the main line.
//
// Not every one of the K runs is pooled (issue 41; docs/design.md, "History
// as the reference"), and each run left out is named with its reason:
//   - a run of another device stored under the testbed (`history ingest
//     --testbed --force`; fingerprint.hpp's comparable(), as `baseline
//     promote` refuses it);
//   - the runs before the latest change that `history changes` finds in the
//     suite's series (latest_step.hpp), when it lies inside the K runs;
//   - a run whose cases sit beyond 1.5x of the other runs' (outlying_runs.hpp);
// and then each case value beyond 1.5x of the other runs' values of its
// case.  When fewer than a majority of the K runs remain, nothing is pooled
// and shortage() says why, as it says when the history holds too few runs.

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
  std::string fingerprint;  // the run's own device (fingerprint JSON); empty for a run stored before schema 4

  // "run 1a2b3c4d5e6f7a8b (commit 9f8e7d6c5b4a, 2026-11-01T00:00:00Z)"
  std::string name() const;
};

// A run of the K left out of the pool, and why ("another device: ...").
struct LeftOutRun {
  ReferenceRun run;
  std::string why;
};

// The fewest of K runs that are pooled: a strict majority, so that the runs
// that set what is normal (outlying_runs.hpp) are most of the window.
std::size_t fewest_pooled(std::size_t runs);

struct HistoryReference {
  std::string suite;
  std::string testbed;
  std::size_t needed = 0;           // runs asked for
  std::size_t available = 0;        // main runs of the suite on the testbed with their samples
  std::vector<ReferenceRun> runs;   // the runs used, oldest first (empty when too few)
  std::vector<Results> rounds;      // one per run, in the same order
  std::vector<LeftOutRun> left_out;  // runs of the K not pooled
  // One line for each run left out and one for the case values left out
  // ("history: left out run ...: ..."): every report of a comparison
  // against this reference carries them.
  std::vector<std::string> notes;
  // Why the runs that remain are not pooled (fewer than fewest_pooled());
  // empty otherwise.
  std::string too_few;

  bool enough() const { return !rounds.empty(); }
  // "history: last 5 main runs on <testbed>, commits 1a2b3c4d5e6f..9f8e7d6c5b4a",
  // with runs left out "history: last 5 main runs on <testbed>, 4 pooled (1
  // left out), commits ...": the pooled runs' first and last commits.
  std::string describe() const;
  // "history: 2 main runs of <suite> on <testbed>, 5 needed", or too_few.
  std::string shortage() const;
};

// The reference `request` asks for.  Runs whose samples were pruned are not
// used (a round needs its samples); when fewer than `request.runs` remain,
// the answer has `available` and no rounds; of the last `request.runs`,
// those left out (above) are named in `left_out` and `notes`, and fewer
// than fewest_pooled() left give no rounds and `too_few`.  A history
// without perfgate's schema has no runs.
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
