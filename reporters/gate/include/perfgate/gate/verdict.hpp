#pragma once

#include <optional>
#include <string>

namespace perfgate {

enum class Verdict {
  regression,    // slower beyond the threshold, significant, interval above 1
  improvement,   // the mirror image
  no_change,     // |ratio - 1| within the threshold
  inconclusive,  // too few samples, or a change beyond the threshold without evidence
  added,         // NEW: only in the current run
  removed,       // REMOVED: only in the baseline
  error,         // failed in the current run
  incomparable,  // measured on a different device
  skipped,       // could not run here (no GPU, an unsupported shape): not a failure
};

// "REGRESSION", "IMPROVEMENT", "NO_CHANGE", "INCONCLUSIVE", "NEW", "REMOVED",
// "ERROR", "INCOMPARABLE", "SKIPPED".
const char* to_string(Verdict verdict);
std::optional<Verdict> verdict_from_string(const std::string& text);

// Order for reports: what needs attention first.
int report_rank(Verdict verdict);

}  // namespace perfgate
