#pragma once
// The command a run records (results' source.command), which reports print
// for the reader to paste (the SUSPECT re-run, issue 41).

#include <string>
#include <vector>

namespace perfgate {

// `args` (argv, the program first) as one shell_command(): every argument
// quoted for a POSIX shell and its secrets redacted (a --perfgate_history
// URL may carry a password); the program relative to `project` (the
// project's root: PROJECT_SOURCE_DIR) or the nearest folder above it with a
// .git, else by its name ("./perf_x"), so that no runner's absolute path
// is recorded.  A program given without a '/' (found on PATH) stays as given.
// Every other argument that is an absolute path, or a flag's value that is
// one, is named as report_path() names it: relative to the project, else by
// its file name (a round file in $TMPDIR, the home folder).
std::string recorded_command(const std::vector<std::string>& args, const std::string& project);

}  // namespace perfgate
