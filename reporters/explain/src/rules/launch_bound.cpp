// launch-bound: a GPU case whose time per call is within a few launch
// floors (the time of an empty kernel on this device), so the fixed cost of
// launching is a large share of it.

#include <algorithm>
#include "perfgate/model/counter_names.hpp"
#include <string_view>

#include "rules.hpp"

namespace perfgate::rules {
namespace {

constexpr double kFloors = kLaunchBoundFloors;  // fires under 5 floors: the floor is >= 20% of the time
constexpr double kHighFloors = 2.0;  // high under 2 floors: the floor is >= 50%
constexpr double kMaxFactor = 10.0;

// gpu_timing's measurements of the harness itself (the floor among them).
bool measures_the_harness(std::string_view name) {
  return name.starts_with("launch/empty_kernel") || name.starts_with("timer/");
}

// Timed on the GPU by perfgate::cuda::measure (it records the SM clock):
// host-timed cases (allocations, module loads, CPU references) launch no
// kernel per call that fusing could save.
bool gpu_timed(const BenchmarkResult& b) { return number(b, counter::kSmClockMhz).has_value(); }

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  if (!ctx.launch_floor_s || *ctx.launch_floor_s <= 0 || ctx.current.fingerprint.kind != DeviceKind::gpu) return out;
  const double floor = *ctx.launch_floor_s;
  for (const BenchmarkResult& b : ctx.current.benchmarks) {
    const auto t = ctx.median(b.name);
    if (!t || *t <= 0 || *t >= kFloors * floor || measures_the_harness(b.name) || !gpu_timed(b)) continue;
    const double share = std::min(floor / *t, 1.0);
    const double rest = std::max(*t - floor, 0.0);
    Suggestion s;
    s.benchmark = b.name;
    s.priority = *t < kHighFloors * floor ? Priority::high : Priority::medium;
    s.evidence = "median " + format_seconds(*t) + " per call, launch floor " + format_seconds(floor) + " (" +
                 format_number(100.0 * share) + "% of the time)";
    s.expected_gain.factor = std::min(*t / std::max(rest, 1e-12), kMaxFactor);
    s.expected_gain.measured = false;
    s.expected_gain.text = "estimate: up to " + format_number(s.expected_gain.factor) +
                           "x if the launch cost were amortised (the call would take about " + format_seconds(rest) +
                           " at best)";
    s.hint = "Fuse this kernel with its neighbours, batch several calls' work into one launch, or capture the "
             "sequence in a CUDA graph so the launch floor is paid once for many calls.";
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

Rule launch_bound() {
  return make_rule("launch-bound", "GPU cases whose time per call is within 5 launch floors (an empty kernel's time)", apply);
}

}  // namespace perfgate::rules
