#pragma once
// What a perf suite includes: Google Benchmark, and perfgate's GPU timing
// when perfgate was built with CUDA.

#include <benchmark/benchmark.h>

#include "perfgate/runtime/case_scope.hpp"
#include "perfgate/runtime/derived_figures.hpp"
#include "perfgate/runtime/run_collector.hpp"
#if PERFGATE_HAS_CUDA
#include "perfgate/cuda/measure.hpp"
#endif
