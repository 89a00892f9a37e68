#pragma once

#include <ostream>
#include <string>

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

// One JUnit XML document for one run, as CI dashboards read it, valid by
// Jenkins xUnit's junit-10.xsd (tests/fixtures/junit):
//   testsuites and testsuite = the suite; testcase name = benchmark name,
//   classname = "perf.<suite>", time = seconds spent measuring it ('.'
//   decimal point);
//   REGRESSION -> <failure type="PerformanceRegression" message="one line">details</failure>;
//   ERROR -> <error>; SKIPPED -> <skipped message="the reason">;
//   INCONCLUSIVE, INCOMPARABLE and ignored -> <skipped message="VERDICT: ...">;
//   the details in <system-out> include the trace and the case's kernel
//   changes, one line each, and end with the numbers ("numbers: verdict=...
//   ratio=..."; the schema allows no <properties> in a testcase).  Names are
//   made unique; all text is escaped and stripped of characters XML forbids.
// Written into `out` case by case; comparison_to_junit gives the whole text.
void write_comparison_junit(const Comparison& comparison, int exit_code, std::ostream& out);
std::string comparison_to_junit(const Comparison& comparison, int exit_code);

}  // namespace perfgate
