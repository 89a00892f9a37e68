#pragma once
// Benchmark names as perfgate keys them.

#include <optional>
#include <string>
#include <vector>

namespace perfgate {

// The key perfgate stores a case under: Google Benchmark's full name without
// the parts that describe how it was run rather than what it runs
// (/min_time:, /min_warmup_time:, /iterations:, /repeats:, /manual_time,
// /real_time, /process_time), so changing repetitions or timing settings
// does not turn a case into a NEW one.  "BM_x/64/repeats:10/manual_time"
// -> "BM_x/64".  Thread counts stay: they change what is measured.
std::string canonical_benchmark_name(const std::string& full_name);

// Why `name` cannot be a benchmark key (empty, control characters, invalid
// UTF-8, over 1024 bytes), or nullopt when it can.
std::optional<std::string> benchmark_name_problem(const std::string& name);

}  // namespace perfgate

namespace perfgate {

// A --benchmark_filter regex (POSIX extended, as Google Benchmark uses) that
// selects exactly the cases with these canonical names, whatever run
// settings Google Benchmark appends to their full names.
std::string benchmark_filter_for(const std::vector<std::string>& canonical_names);

}  // namespace perfgate
