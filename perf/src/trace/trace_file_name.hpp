#pragma once
// File names for the per-case trace files.

#include <string>

namespace perfgate::trace {

// A file name that is safe on any filesystem and in a shell for the trace of
// `case_name`: characters outside [A-Za-z0-9._-] become '_', no ".." and no
// leading '.', at most 120 characters of the name, then '-', 8 hex digits of
// a hash of the whole original name (so "a/b" and "a_b", or two long names
// with one prefix, still differ), then ".trace.json".
std::string trace_file_name(const std::string& case_name);

// Where the trace of `case_name` goes under the trace folder: a case of one
// GPU configuration (a path segment "gpus:<n>", as the multi-GPU suites name
// their cases) in a folder per GPU count, "gpus-<n>/<trace_file_name>", so
// the traces of the 1-, 2-, 4- and 8-GPU runs lie apart; any other case
// directly in the folder.
std::string trace_file_path(const std::string& case_name);

}  // namespace perfgate::trace
