#pragma once
// Running a suite's cases through Google Benchmark and recording them.

#include <string>
#include <vector>

#include "perfgate/model/ceilings.hpp"
#include "perfgate/model/results.hpp"
#include "perfgate/runtime/main_options.hpp"

namespace perfgate {

// Hands `args` to Google Benchmark and runs the cases it selects, once per
// call: a re-measurement calls it again with other flags.
std::vector<BenchmarkResult> run_cases(std::vector<std::string> args, const MainOptions& options);

// run_cases() as the results of `suite` on `device`, with the commit under
// test, each case's declared work placed against `ceilings`.  InputError
// when no case ran.
Results measure_suite(const std::vector<std::string>& args, const MainOptions& options, const std::string& suite,
                      const Fingerprint& device, const Ceilings& ceilings, const std::string& command);

}  // namespace perfgate
