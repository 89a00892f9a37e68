#pragma once
// One CUPTI activity record -> perfgate's record types.

#include <cupti.h>

#include "trace/activity_records.hpp"

namespace perfgate::trace {

// Appends `record` to `out` if it is of a kind the traced pass keeps; a GPU
// record without usable timestamps is only counted (invalid_records).
void read_cupti_record(const CUpti_Activity& record, ActivityRecords& out);

}  // namespace perfgate::trace
