#include "trace/case_records.hpp"

namespace perfgate::trace {
namespace {

bool belongs(const ActivityRecords& all, std::uint32_t correlation, std::uint64_t case_index) {
  const auto it = all.external_ids.find(correlation);
  return it != all.external_ids.end() && case_of(it->second) == case_index;
}

template <class Record>
void keep_case(const std::vector<Record>& from, std::vector<Record>& to, const ActivityRecords& all,
               std::uint64_t case_index) {
  for (const Record& r : from)
    if (belongs(all, r.correlation, case_index)) to.push_back(r);
}

}  // namespace

ActivityRecords records_of_case(const ActivityRecords& all, std::uint64_t case_index) {
  ActivityRecords mine;
  mine.case_index = case_index;
  keep_case(all.kernels, mine.kernels, all, case_index);
  keep_case(all.copies, mine.copies, all, case_index);
  keep_case(all.memsets, mine.memsets, all, case_index);
  keep_case(all.api_calls, mine.api_calls, all, case_index);
  for (const auto& [correlation, id] : all.external_ids)
    if (case_of(id) == case_index) mine.external_ids.emplace(correlation, id);
  mine.harness_ranges = all.harness_ranges;
  mine.dropped_records = all.dropped_records;
  mine.invalid_records = all.invalid_records;
  return mine;
}

}  // namespace perfgate::trace
