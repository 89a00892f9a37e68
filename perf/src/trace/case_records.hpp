#pragma once

#include <cstdint>

#include "trace/activity_records.hpp"

namespace perfgate::trace {

// One case's records out of everything CUPTI delivered: the API calls made
// under one of the case's external correlation ids and the GPU work they
// launched.  Kernels from the case's set-up (kernel records stay enabled
// between passes) and stragglers of other cases are left out; the counts of
// dropped and invalid records and the harness ranges are kept.
ActivityRecords records_of_case(const ActivityRecords& all, std::uint64_t case_index);

}  // namespace perfgate::trace
