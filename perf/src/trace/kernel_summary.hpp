#pragma once
// The per-kernel and per-copy figures of a case's traced pass, as they go
// into its results.

#include <vector>

#include "perfgate/model/results.hpp"
#include "trace/activity_records.hpp"

namespace perfgate::trace {

struct CaseActivitySummary {
  std::vector<KernelSummary> kernels;  // by total time, longest first; ties by name
  std::vector<CopySummary> copies;     // by direction name
};

// Summarizes the GPU records launched under records.case_index's work phase
// only: the flush between iterations and other cases' stragglers would
// otherwise count as the case's kernels.  Records without usable timestamps
// are left out.
CaseActivitySummary summarize_work(const ActivityRecords& records);

}  // namespace perfgate::trace
