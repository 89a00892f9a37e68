#pragma once
// The one include a perf suite needs: Google Benchmark, and everything of
// perfgate a suite's case code calls.
//
//   every build   register_case / case scopes (runtime/case_scope.hpp), the
//                 run collector (runtime/run_collector.hpp), perfgate::work()
//                 (runtime/work.hpp), derived figures and PERFGATE_FIGURE
//                 (runtime/derived_figures.hpp), figures::batch_sweep
//                 (runtime/batch_sweep.hpp)
//   with CUDA     perfgate::cuda::measure, MeasureOptions, GpuTimer and
//                 PERFGATE_CUDA_BENCHMARK (cuda/measure.hpp), availability(),
//                 device_ready() / check() (cuda/case_checks.hpp),
//                 error_text() (cuda/check.hpp), DeviceBuffer + allocate()
//                 (cuda/device_buffer.hpp), fill_random() (cuda/random_fill.hpp),
//                 trace_work() for cases that time their own multi-GPU work
//                 (cuda/trace_work.hpp)

#include <benchmark/benchmark.h>

#include "perfgate/runtime/batch_sweep.hpp"
#include "perfgate/runtime/case_scope.hpp"
#include "perfgate/runtime/derived_figures.hpp"
#include "perfgate/runtime/run_collector.hpp"
#include "perfgate/runtime/work.hpp"
#if PERFGATE_HAS_CUDA
#include "perfgate/cuda/availability.hpp"
#include "perfgate/cuda/case_checks.hpp"
#include "perfgate/cuda/check.hpp"
#include "perfgate/cuda/device_buffer.hpp"
#include "perfgate/cuda/measure.hpp"
#include "perfgate/cuda/random_fill.hpp"
#include "perfgate/cuda/trace_work.hpp"
#endif
