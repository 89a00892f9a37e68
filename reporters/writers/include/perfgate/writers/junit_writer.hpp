#pragma once

#include <string>

#include "perfgate/compare/comparison.hpp"

namespace perfgate {

// One JUnit XML document for one run, as CI dashboards read it:
//   testsuite = the suite; testcase name = benchmark name, classname =
//   "perf.<suite>", time = seconds spent measuring it ('.' decimal point);
//   REGRESSION -> <failure type="PerformanceRegression" message="one line">details</failure>;
//   ERROR -> <error> (a skipped case -> <skipped>);
//   INCONCLUSIVE, INCOMPARABLE and ignored -> <skipped message="...">;
//   the numbers in <properties>; the details (also in <system-out>) include
//   the trace and the case's kernel changes, one line each.  Names are made
//   unique; all text is escaped and stripped of characters XML forbids.
std::string comparison_to_junit(const Comparison& comparison, int exit_code);

}  // namespace perfgate
