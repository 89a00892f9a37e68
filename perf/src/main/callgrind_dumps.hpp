#pragma once
// What callgrind wrote during the counted pass (count_pass.hpp), read back:
// one dump a repetition's timed loop (callgrind zeroes its counts when
// Google Benchmark's State::StartKeepRunning is entered and dumps them when
// State::FinishKeepRunning is, so a dump holds one repetition's loop and
// nothing of the case's set-up), and after each case's repetitions a marker
// dump the worker asks for by client request ("perfgate-case:<name>"), which
// names the case of the loop dumps before it.

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
};

// The text of one file; nullopt when it is no callgrind output (no
// "events:" and "summary:" lines that agree).
std::optional<CallgrindDump> read_callgrind_dump(const std::string& text);

// The marker the worker's client request leaves after a case's repetitions.
inline constexpr const char* kCaseMarkerPrefix = "perfgate-case:";

// The loop dumps of each case, in part order: the dumps of timed loops
// before each marker, named by it.  Dumps of anything else (the program's
// end) and loop dumps after the last marker are left out.
std::map<std::string, std::vector<CallgrindDump>> loop_dumps_by_case(std::vector<CallgrindDump> dumps);

// A case's counters from its loop dumps, one iteration a repetition: the
// first (a warm-up: cold caches, lazy set-up) is left out, and of the rest
// each counter is the median: "instructions" (Ir), "l1_misses" (I1mr + D1mr
// + D1mw) and "branch_mispredicts" (Bcm + Bim) where the dumps hold those
// events (no last-level misses: callgrind sizes its LL cache from what the
// CPU reports, 512 MB on these VMs), and "instructions_spread_pct":
// (max - min) / median x 100 of the instructions, the counted repetitions'
// own spread.  Empty with fewer than two loop dumps.
std::map<std::string, double> counted_counters(const std::vector<CallgrindDump>& loops);

}  // namespace perfgate
