#pragma once
// What the build knows about a suite binary.  perfgate_add_suite() generates
// the definition of perfgate::this_suite for each suite; a binary linked to
// perfgate::main without it gets a default (name from argv[0], host device).

namespace perfgate {

struct SuiteInfo {
  const char* name;        // "" -> the executable's name without "perf_"
  bool gpu;                // its cases need a CUDA device
  const char* source_dir;  // where `git` finds the commit under test ("" -> none)
  int gpus = 1;            // GPUs its cases may use (perfgate_add_suite's GPUS N); at most
                           // that many of the visible ones make its device (the slug's "-x<N>")
};

extern const SuiteInfo this_suite;

}  // namespace perfgate
