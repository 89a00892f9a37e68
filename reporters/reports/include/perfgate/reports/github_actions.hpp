#pragma once
// Into the pull request on GitHub Actions (GITHUB_ACTIONS=true): one
// workflow-command annotation per case that fails the gate (`::error`,
// a REGRESSION or a case that failed) or stands out without failing it
// (`::warning`, SUSPECT), which GitHub shows on the run's summary and the
// pull request's checks; and the Markdown summary appended to the step's
// summary page ($GITHUB_STEP_SUMMARY).  Elsewhere nothing.
// https://docs.github.com/actions/reference/workflow-commands-for-github-actions

#include <filesystem>
#include <ostream>
#include <string>

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

// Whether this process runs in a GitHub Actions job (GITHUB_ACTIONS is
// "true"), and PERFGATE_ANNOTATIONS is not "0".
bool in_github_actions();

// The annotation lines of `comparison` (each ends in '\n'; none when no
// case is a REGRESSION, an ERROR or SUSPECT): "::error title=perfgate
// REGRESSION%3A <case>::<suite> <case>: +12.3% slower, 99% interval of the
// ratio [1.10, 1.15], q = 1e-05, against <reference>; report: <report>".
// `report` names the report to open (empty: not said).  Names come from
// files: made printable and escaped as the workflow-command syntax needs
// (a forged "::error" inside a name cannot start a line).
std::string github_annotations(const Comparison& comparison, const std::string& report);

// Appends `markdown` to the file $GITHUB_STEP_SUMMARY names, when set and
// not empty (perfgate run empties it for its suites and appends the run's
// summary itself).  A summary that cannot be appended is a note on `notes`,
// never a failure: the gate's verdict does not depend on it.
void append_step_summary(const std::string& markdown, std::ostream& notes);
// The same into `file` (perfgate run: the path it took from the environment
// before its suites ran); nothing when `file` is empty.
void append_step_summary_to(const std::filesystem::path& file, const std::string& markdown, std::ostream& notes);

// The report a person opens from an annotation: the HTML page when written,
// else the Markdown, else the JUnit file; empty when none.
std::string report_to_open(const std::filesystem::path& html, const std::filesystem::path& markdown,
                           const std::filesystem::path& junit);

}  // namespace perfgate
