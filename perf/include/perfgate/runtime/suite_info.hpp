#pragma once
// What the build knows about a suite binary.  perfgate_add_suite() generates
// the definition of perfgate::this_suite for each suite; a binary linked to
// perfgate::main without it gets a default (name from argv[0], host device).

namespace perfgate {

struct SuiteInfo {
  const char* name;        // "" -> the executable's name without "perf_"
  bool gpu;                // its cases need a CUDA device
  const char* source_dir;  // where `git` finds the commit under test ("" -> none)
};

extern const SuiteInfo this_suite;

}  // namespace perfgate
