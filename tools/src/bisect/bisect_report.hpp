#pragma once
// What `perfgate bisect` found, said three ways: the console's lines, a JSON
// file (--json: schema "perfgate/bisect"), and the history's record
// (bisection_record.hpp) that `history changes` and the dashboard show
// beside the change.

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "bisect/bisect_search.hpp"
#include "perfgate/history/bisection_record.hpp"

namespace perfgate::cli {

inline constexpr const char* kBisectSchema = "perfgate/bisect";
inline constexpr int kBisectSchemaVersion = 1;

struct BisectReport {
  std::string suite;
  std::string benchmark;
  std::string testbed;              // the device the builds were measured on
  std::string target;               // what was bisected: "--good/--bad" or the history's change
  std::vector<std::string> commits; // good first, bad last
  std::vector<std::string> subjects;  // each commit's subject line, where measured
  RatioEvidence bad;                // bad against good, measured here
  std::string bad_verdict;          // the gate's verdict of bad against good
  bool reproduced = false;          // the gate found bad slower or faster than good
  BisectSearch search;              // when reproduced
  int rounds = 0;                   // alternating rounds a side each step (--rounds)
  std::size_t builds = 0;           // prepare() calls: good, bad and each probe
  double seconds = 0.0;
  std::string created_utc;

  // "found", "not_reproduced" or "unclear".
  std::string outcome() const;
  // The exit code: 0 found, 1 otherwise.
  int exit_code() const;
};

void print_bisect_report(std::ostream& out, const BisectReport& report);
std::string bisect_json(const BisectReport& report);
history::BisectionRecord bisection_record(const BisectReport& report);

}  // namespace perfgate::cli
