#pragma once
// What callgrind wrote during the counted pass (count_pass.hpp), read back:
// one dump a repetition's timed loop (callgrind zeroes its counts when
// Google Benchmark's State::StartKeepRunning is entered and dumps them when
// State::FinishKeepRunning is, so a dump holds one repetition's loop and
// nothing of the case's set-up), and after each case's repetitions a marker
// dump the worker asks for by client request ("perfgate-case:<iterations>
// <name>", the iterations of each reported repetition, comma-separated),
// which names the case of the loop dumps before it.  Google Benchmark may
// run a case's loop more often than it reports (its search for an iteration
// count, in the first repetition): a case's reported repetitions are the
// last of its loop dumps, one each.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace perfgate {

// One callgrind output file: its part number, what triggered it and its
// summary, event by event ("Ir", "D1mr", "Bcm", ...).
struct CallgrindDump {
  int part = 0;
  std::string trigger;  // "--dump-before=benchmark::State::FinishKeepRunning()", "Client Request: ..."
  std::map<std::string, std::uint64_t> events;
  std::int64_t iterations = 1;  // a loop dump: the iterations of the repetition it holds (its marker says)
};

// The text of one file; nullopt when it is no callgrind output (no
// "events:" and "summary:" lines that agree).
std::optional<CallgrindDump> read_callgrind_dump(const std::string& text);

// The marker the worker's client request leaves after a case's repetitions.
inline constexpr const char* kCaseMarkerPrefix = "perfgate-case:";

// "perfgate-case:1,1,1 cpu_gemm/naive/256": what the worker asks callgrind to
// write after a case whose reported repetitions ran these iterations.
std::string case_marker(const std::string& name, const std::vector<std::int64_t>& iterations);

// The loop dumps of each case's reported repetitions, in part order, each
// with its iterations: of the loop dumps before each marker, the last as many
// as it names iterations.  Dumps of anything else (the program's end), a
// marker with more repetitions than loop dumps before it, and loop dumps
// after the last marker are left out.
std::map<std::string, std::vector<CallgrindDump>> loop_dumps_by_case(std::vector<CallgrindDump> dumps);

// A case's counters from its loop dumps, each divided by its iterations:
// the first (a warm-up: cold caches, lazy set-up) is left out, and of the
// rest each counter is the median: "instructions" (Ir), "l1_misses" (I1mr + D1mr
// + D1mw) and "branch_mispredicts" (Bcm + Bim) where the dumps hold those
// events (no last-level misses: callgrind sizes its LL cache from what the
// CPU reports, 512 MB on these VMs), and "instructions_spread_pct":
// (max - min) / median x 100 of the instructions, the counted repetitions'
// own spread.  Empty with fewer than two loop dumps.
std::map<std::string, double> counted_counters(const std::vector<CallgrindDump>& loops);

}  // namespace perfgate
