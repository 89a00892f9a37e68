#pragma once
// The cases a CI system flags, said once for all of them (GitHub's
// annotations, GitLab's code-quality report): a REGRESSION or a case that
// failed (ERROR), which fail the gate, and a SUSPECT, which does not;
// ignored cases never.  Names and reasons come from files: made printable.

#include <string>
#include <vector>

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

struct CaseAlert {
  bool fails_the_gate = false;  // REGRESSION, ERROR; a SUSPECT does not
  std::string word;             // "REGRESSION", "ERROR", "SUSPECT"
  std::string name;             // the case, printable
  // "<suite> <case>: +12.3%, 99% interval of the ratio [1.10, 1.15], q =
  // 1e-05[; <reason>]; against <reference>": the reason for an ERROR or
  // SUSPECT, whose numbers do not say it.
  std::string message;
};

// In the comparison's order.
std::vector<CaseAlert> case_alerts(const Comparison& comparison);

}  // namespace perfgate
