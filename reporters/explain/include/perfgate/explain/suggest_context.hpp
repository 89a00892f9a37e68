#pragma once
// What a suggestion rule reads: this run's results, and when the run was
// gated its comparison with the baseline and the baseline itself, plus
// device facts measured elsewhere (the launch floor).  Lookups return
// nothing for cases that were not measured, so rules never advise on a
// failed or skipped case.

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/model/precision.hpp"
#include "perfgate/model/results.hpp"
#include "perfgate/model/time_text.hpp"

namespace perfgate {

struct SuggestContext {
  const Results& current;
  const Comparison* comparison = nullptr;  // when gated
  const Results* baseline = nullptr;       // when gated
  // Time of an empty kernel between two events on this device (gpu_timing's
  // launch/empty_kernel with latency hidden), when known: the launch floor.
  std::optional<double> launch_floor_s;

  const BenchmarkResult* measured(std::string_view name) const;  // null unless measured
  std::optional<double> median(std::string_view name) const;
  const DerivedFigure* figure(std::string_view name) const;      // null unless it has a value
  // Whether a call of `median_s` is within kLaunchBoundFloors launch floors:
  // then the launch, not memory or arithmetic, is what to fix first, and
  // only the launch-bound rule speaks.
  bool launch_dominated(double median_s) const;

  // Name lookups in O(1): rules look cases up per case, so a scan per lookup
  // made a 100,000-case run quadratic (372 s).  The index is built on first
  // use from the results this context views, which do not change while the
  // rules run (a context lives for one suggest() call), so it cannot go stale.
  const BenchmarkResult* find_current(std::string_view name) const;
  const BenchmarkResult* find_baseline(std::string_view name) const;  // null when not gated

  struct NameIndex {
    bool built = false;
    std::unordered_map<std::string_view, const BenchmarkResult*> current, baseline;
    std::unordered_map<std::string_view, const DerivedFigure*> figures;  // those with a value
  };
  mutable NameIndex index{};

};

inline constexpr double kLaunchBoundFloors = 5.0;  // the floor is >= 20% of the time

std::optional<double> median_of(const BenchmarkResult& b);
std::optional<double> number(const BenchmarkResult& b, std::string_view counter);
std::optional<std::string> label(const BenchmarkResult& b, std::string_view counter);
// The case's declared precision: the results' "precision" label, or the
// numeric code a case records before the run collector turns it into one.
std::optional<Precision> declared_precision(const BenchmarkResult& b);

// `name` with every path segment equal to `from` replaced by `to`, or
// nothing when no segment is `from`: how rules find a case's variant
// ("gemm/fp32/4096x4096x4096" -> "gemm/bf16/4096x4096x4096").
std::optional<std::string> sibling(std::string_view name, std::string_view from, std::string_view to);
bool has_segment(std::string_view name, std::string_view segment);

}  // namespace perfgate

// Numbers in evidence text (the rules' own: the writers format for reports).
namespace perfgate::rules {

// Times are perfgate::format_seconds (model/time_text.hpp), as in the reports.
// 3 significant digits: "3.4", "12.5"
std::string format_number(double value);
// The change from `old_value` to `new_value` in %, signed: "+12.5%", "-3%".
std::string signed_percent(double old_value, double new_value);
// "BF16", "FP32": a precision as evidence text writes it.
std::string precision_name(Precision precision);

}  // namespace perfgate::rules
