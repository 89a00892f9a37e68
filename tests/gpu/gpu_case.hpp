#pragma once
// Runs one Google Benchmark case in-process, as a suite would, and returns
// what perfgate records of it.

#include <functional>
#include <string>

#include <benchmark/benchmark.h>

#include "perfgate/model/results.hpp"

namespace perfgate::testing {

struct CaseOptions {
  int repetitions = 3;
  double min_time_s = 0.01;
};

BenchmarkResult run_gpu_case(const std::string& name, std::function<void(benchmark::State&)> body,
                             const CaseOptions& options = {});

// The case's counter `name` as a number; -1 when it has none.
double counter(const BenchmarkResult& r, const std::string& name);

}  // namespace perfgate::testing
