#pragma once
// A report is written by rename over whatever is at its path: a report path
// that names an input (`perfgate compare --junit CURRENT.json`, a suite's
// --perfgate_results=BASELINE) would silently replace it.  Checked before
// anything is written.

#include <filesystem>
#include <string>
#include <vector>

namespace perfgate {

struct NamedPath {
  std::filesystem::path path;  // empty: not used in this run
  std::string role;            // "the baseline", "the JUnit report"
};

// InputError "OUT: is the same file as <input role> (IN); refusing to write
// <output role> over it" when an output is an input (the same device and
// inode, or the same path), or "OUT: <role> and <role> would both be written
// there" when two outputs name one file.  Special files (/dev/null,
// /dev/stdout, a FIFO) are written into, never replaced: they may take any
// output, or several.
void require_distinct_outputs(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs);

}  // namespace perfgate
