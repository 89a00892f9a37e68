#pragma once

#include <string>

#include "perfgate/model/results.hpp"

namespace perfgate {

// The commit under test: PERFGATE_GIT_COMMIT, GITHUB_SHA or CI_COMMIT_SHA
// when set (CI checkouts may lack .git), else `git rev-parse HEAD` in
// `source_dir`; dirty from `git status` (changes under baselines/ do not count).  `command` is the command line.
Source source_info(const std::string& source_dir, const std::string& command);

}  // namespace perfgate
