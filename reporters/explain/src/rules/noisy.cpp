// "noisy": a case whose robust CV is over 3%: the gate's interval for it
// widens with its noise, so a change must be larger before it is evidence.

#include <cstdio>
#include "perfgate/model/counter_names.hpp"
#include <string>

#include "perfgate/stats/summary.hpp"
#include "rules.hpp"

namespace perfgate::rules {
namespace {

constexpr double kNoisy = 0.03;
constexpr double kVeryNoisy = 0.10;

// What steadies a case depends on what it ran on: GPU clocks mean nothing
// to a host case, and a GPU case's time is the GPU's.
std::string hint_for(DeviceKind kind) {
  const std::string common = "more repetitions (--benchmark_repetitions), a longer MinTime, an idle machine; ";
  if (kind == DeviceKind::gpu) return common + "check the GPU clocks (nvidia-smi -q -d CLOCK) and lock them for benchmarking";
  if (kind == DeviceKind::cpu)
    return common + "pin the CPU frequency (cpupower frequency-set) and the process to idle cores (taskset)";
  return common + "steady the clocks of the device it ran on";
}

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  for (const BenchmarkResult& b : ctx.current.benchmarks) {
    if (!ctx.measured(b.name) || b.samples.size() < 2) continue;
    const double cv = stats::robust_cv(b.samples);
    if (!(cv > kNoisy)) continue;

    Suggestion s;
    s.benchmark = b.name;
    s.priority = cv > kVeryNoisy ? Priority::high : Priority::medium;
    s.evidence = "robust CV " + format_number(cv * 100.0) + "% over " + std::to_string(b.samples.size()) + " repetitions";
    if (auto clock = number(b, counter::kSmClockMhz)) {
      char text[32];
      std::snprintf(text, sizeof text, "%.0f", *clock);
      s.evidence += std::string("; SM clock ") + text + " MHz";
    }
    if (b.throttled_samples > 0)
      s.evidence += "; " + std::to_string(b.throttled_samples) + " throttled repetitions left out";
    s.expected_gain = {0.0, false, "a sharper gate, not a faster case (the gate's interval widens with the noise)"};
    s.hint = hint_for(ctx.current.fingerprint.kind);
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

Rule noisy() { return make_rule("noisy", "robust CV over 3%", apply); }

}  // namespace perfgate::rules
