// memory-bound: a case on the memory side of the roofline that reaches
// under 60% of the bandwidth ceiling.

#include <string>
#include "perfgate/model/counter_names.hpp"

#include "rules.hpp"

namespace perfgate::rules {
namespace {

constexpr double kTarget = 60.0;  // % of the bandwidth ceiling
constexpr double kHigh = 30.0;

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  for (const BenchmarkResult& b : ctx.current.benchmarks) {
    if (!ctx.measured(b.name) || label(b, counter::kBound) != "memory") continue;
    if (ctx.launch_dominated(*ctx.median(b.name))) continue;  // the launch-bound rule's case
    const auto pct = number(b, counter::kMemoryPct);
    if (!pct || *pct <= 0 || *pct >= kTarget) continue;
    Suggestion s;
    s.benchmark = b.name;
    s.priority = *pct < kHigh ? Priority::high : Priority::medium;
    s.evidence = "memory-bound at " + format_number(*pct) + "% of the bandwidth ceiling";
    std::string details;
    if (const auto gbs = number(b, counter::kGigabytesPerSecond)) details = format_number(*gbs) + " GB/s";
    if (const auto ai = number(b, counter::kArithmeticIntensity))
      details += (details.empty() ? "" : ", ") + format_number(*ai) + " FLOP/byte";
    if (!details.empty()) s.evidence += " (" + details + ")";
    if (const auto ceilings = label(b, counter::kCeilings)) s.evidence += "; " + *ceilings + " ceilings";
    s.expected_gain.factor = kTarget / *pct;
    s.expected_gain.text = "estimate: " + format_number(s.expected_gain.factor) +
                           "x if it reached 60% of the bandwidth ceiling";
    s.hint = "Make global accesses coalesced and vectorized (16 bytes per thread), make fewer passes over memory "
             "(fuse the kernels that read and write the same data), and keep reused data in shared memory or L2.";
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

Rule memory_bound() {
  return make_rule("memory-bound", "memory-bound cases under 60% of the bandwidth ceiling", apply);
}

}  // namespace perfgate::rules
