#pragma once
// The merge request's widget on GitLab: a run's flagged cases
// (case_alert.hpp) as a Code Quality report, the JSON array GitLab reads
// from `artifacts:reports:codequality` and shows, new and resolved against
// the target branch's, in the merge request.
// https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format

#include <string>

#include "perfgate/reports/report_input.hpp"

namespace perfgate {

// One issue per flagged case: "description" (the alert's words),
// "check_name" (perfgate-regression, -error, -suspect), "fingerprint" (the
// same for the same suite, case and check in every run, so GitLab can tell
// a new one from one that stays), "severity" (major for a REGRESSION,
// critical for an ERROR, minor for a SUSPECT) and "location" (the suite's
// baseline file when the comparison names one inside the repository, else
// the suite's name; line 1).  "[]" when nothing is flagged.
std::string run_to_gitlab_code_quality(const RunReport& run);

}  // namespace perfgate
