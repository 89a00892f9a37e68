#pragma once
// A run that only lists the suite's cases (--benchmark_list_tests): Google
// Benchmark prints them in this process; nothing is measured or gated.

#include <string>
#include <vector>

namespace perfgate {

bool wants_listing(const std::vector<std::string>& args);

}  // namespace perfgate
