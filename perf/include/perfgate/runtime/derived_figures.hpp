#pragma once
// Figures a suite derives from its cases' medians after the run: a fusion
// speedup, a kernel's speed as a % of cuBLAS, the calls after which a JIT
// compile pays off.  Each carries its formula into every report.
//
//   PERFGATE_FIGURE(perfgate::figures::speedup("elementwise/fusion_speedup",
//                                              "elementwise/eager/16777216",
//                                              "elementwise/fused/16777216"));

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/model/derived_figure.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate {

// One figure a suite derives from its cases' medians (seconds per call), or
// from one counter of each (FigureDefinition::counter).
struct FigureDefinition {
  std::string name, unit, formula;
  std::vector<std::string> inputs;  // case names as perfgate stores them (e.g. "gemm/fp32/4096x4096x4096")
  // Receives the inputs' medians in order; returns the value, or nullopt and sets *why_not.
  std::function<std::optional<double>(const std::vector<double>& medians, std::string* why_not)> derive;
  // When true, an input that did not run, failed or was skipped (a batch
  // size that did not fit) reaches `derive` as NaN instead of leaving the
  // figure without a value: for figures over a sweep.
  bool tolerates_missing_inputs = false;
  // When set, each input offers this numeric counter as its case recorded it
  // (device_memory_peak_bytes: a memory ratio) instead of its median time; an
  // input without it is missing like a case that did not run.
  std::string counter = {};
};

namespace figures {

// median(slower) / median(faster); unit "x".
FigureDefinition speedup(std::string name, std::string slower_case, std::string faster_case);

// 100 * median(reference) / median(case): how fast `case` runs as a % of the
// reference's speed; unit "%".
FigureDefinition percent_of(std::string name, std::string case_name, std::string reference_case);

// median(cost) / (median(slower) - median(faster)): how many calls of the
// faster path repay its one-time cost; unit "calls".  No value when the
// faster path is not faster per call.
FigureDefinition break_even_calls(std::string name, std::string one_time_cost_case, std::string slower_case,
                                  std::string faster_case);

// (median(copy) + median(compute)) / max(median(copy), median(compute)): the
// most that overlapping the two can gain over running them one after the
// other; unit "x".
FigureDefinition overlap_bound(std::string name, std::string copy_case, std::string compute_case);

}  // namespace figures

// Static registration from suite files (PERFGATE_FIGURE); returns the
// number of figures registered so far.
int register_figure(FigureDefinition definition);
const std::vector<FigureDefinition>& registered_figures();

// A figure whose inputs were none of them run (a --benchmark_filter left them
// out) is omitted; one with an input that was not run, failed or was skipped
// gets no value and `missing` naming the case and why.
std::vector<DerivedFigure> derive_figures(const std::vector<BenchmarkResult>& cases,
                                          const std::vector<FigureDefinition>& definitions);

}  // namespace perfgate

#define PERFGATE_FIGURE_CONCAT_(a, b) a##b
#define PERFGATE_FIGURE_NAME_(line) PERFGATE_FIGURE_CONCAT_(perfgate_figure_registered_, line)
// Registers a FigureDefinition at static initialisation, like BENCHMARK().
#define PERFGATE_FIGURE(definition)                                                        \
  [[maybe_unused]] static const int PERFGATE_FIGURE_NAME_(__COUNTER__) = \
      ::perfgate::register_figure(definition)
