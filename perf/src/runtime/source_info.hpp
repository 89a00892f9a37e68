#pragma once

#include <cstdint>
#include <string>

#include "perfgate/model/results.hpp"

namespace perfgate {

// The commit under test: PERFGATE_GIT_COMMIT, GITHUB_SHA or CI_COMMIT_SHA
// when set (CI checkouts may lack .git), else `git rev-parse HEAD` in
// `source_dir`; dirty from `git status` (changes under baselines/ do not count).  `command` is the command line.
Source source_info(const std::string& source_dir, const std::string& command);

// The commit's place in the main line: `git rev-list --count
// COMMIT` in `source_dir`, what `history ingest --ordinal` and the history's
// commit order mean by an ordinal.  InputError naming `flag` where git cannot
// say: no checkout, a commit the checkout lacks, or a shallow clone (whose
// count is the clone's depth, not the commit's place).
std::int64_t main_line_ordinal(const std::string& source_dir, const std::string& commit, const std::string& flag);

}  // namespace perfgate
