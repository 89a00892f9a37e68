#pragma once
// How far a benchmark moves between runs on one testbed, from its recent
// history: what the gate otherwise has to assume (its 1% floor) or read
// from a baseline's few rounds recorded back to back.

#include <cstddef>
#include <map>
#include <string>

#include "perfgate/gate/run_spread.hpp"
#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::history {

// Fewer runs than this say too little about a benchmark's spread.
inline constexpr std::size_t kMinSpreadRuns = 5;

// For each benchmark of `suite` with at least kMinSpreadRuns main-line runs
// on `testbed`: the spread over its last `window` runs (source history,
// `runs` the run medians it was estimated from), estimated from the
// differences of successive log medians, sd = 1.4826 x median|d| / sqrt(2).
// Differences, not deviations from a mean, so a step in the series (a real
// change) counts once, as one large difference the median ignores, instead
// of inflating every deviation.  Empty for a store without history.
std::map<std::string, RunSpread> recent_run_spread(sql::Connection& db, const std::string& suite,
                                                   const std::string& testbed, std::size_t window = 20);

// The estimator on its own, for log medians in series order.
double successive_difference_sd(const std::vector<double>& log_medians);

}  // namespace perfgate::history
