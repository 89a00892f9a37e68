// "regression-explained": for each REGRESSION, what moved between the
// baseline's and this run's counters and kernels, so a reviewer knows where
// to look (more bytes, a lower rate, a lower clock, another kernel, more
// instructions, or the same instructions run slower).

#include <cmath>
#include "perfgate/model/counter_names.hpp"
#include <string>

#include "rules.hpp"

namespace perfgate::rules {
namespace {

constexpr double kChanged = 0.05;  // a counter moved when it changed by more than 5%

std::string change(const std::string& what, double old_value, double new_value) {
  return what + " " + format_number(old_value) + " -> " + format_number(new_value) + " (" +
         signed_percent(old_value, new_value) + ")";
}

bool moved(double old_value, double new_value) {
  return old_value > 0 ? std::fabs(new_value / old_value - 1.0) > kChanged : new_value != old_value;
}

// Bytes per call: read + written (the names results carry, or the names the
// declarations travel under).
std::optional<double> bytes(const BenchmarkResult& b) {
  std::optional<double> total;
  for (const char* name : {counter::kBytesRead, counter::kBytesWritten, "perfgate_bytes_read", "perfgate_bytes_written"})
    if (auto v = number(b, name)) total = total.value_or(0.0) + *v;
  return total;
}

struct Explanation {
  std::vector<std::string> changes;         // counters that moved by more than 5%
  std::vector<std::string> kernel_changes;  // as the per-kernel comparison judged them
  std::vector<std::string> hints;
  std::vector<std::string> unchanged;

  void add_change(std::string text) { changes.push_back(std::move(text)); }
  void add_kernel_change(std::string text) { kernel_changes.push_back(std::move(text)); }
  void add_hint(std::string text) {
    for (const std::string& h : hints)
      if (h == text) return;
    hints.push_back(std::move(text));
  }
};

void compare_counters(const BenchmarkResult& old_b, const BenchmarkResult& new_b, Explanation& e) {
  const auto old_bytes = bytes(old_b), new_bytes = bytes(new_b);
  bool bytes_same = false;
  if (old_bytes && new_bytes) {
    if (moved(*old_bytes, *new_bytes)) {
      e.add_change(change("bytes", *old_bytes, *new_bytes));
      if (*new_bytes > *old_bytes) e.add_hint("bytes grew: more memory traffic (data layout, extra passes, a larger working set)");
    } else {
      bytes_same = true;
      e.unchanged.push_back("bytes");
    }
  }
  // The counted pass's instructions a timed iteration (--perfgate_instructions)
  // on both sides: the work itself, which no load on the machine moves.
  if (const auto o = number(old_b, "instructions"), n = number(new_b, "instructions"); o && n) {
    if (moved(*o, *n)) {
      e.add_change(change("instructions", *o, *n));
      if (*n > *o) e.add_hint("the instructions a timed iteration grew: the case does more work (the counted-work suggestion has the counts)");
    } else {
      e.unchanged.push_back("instructions");
      e.add_hint("the instructions a timed iteration did not change: the same work ran slower (memory and cache behaviour, "
                 "clocks, or other work on the machine)");
    }
  }
  for (const char* name : {counter::kGigabytesPerSecond, counter::kTflopPerSecond, counter::kSmClockMhz, counter::kDeviceMemoryPeakBytes}) {
    const auto o = number(old_b, name), n = number(new_b, name);
    if (!o || !n) continue;
    if (!moved(*o, *n)) {
      e.unchanged.push_back(name);
      continue;
    }
    e.add_change(change(name, *o, *n));
    const std::string counter_name = name;
    if (counter_name == counter::kGigabytesPerSecond && *n < *o && bytes_same)
      e.add_hint("GB/s fell with the bytes unchanged: the access pattern or occupancy changed (coalescing, launch "
                 "configuration, register or shared-memory use)");
    else if (counter_name == counter::kSmClockMhz && *n < *o)
      e.add_hint("the SM clock fell: throttling (power, heat) or another process on the GPU (nvidia-smi -q -d "
                 "CLOCK,PERFORMANCE)");
    else if (counter_name == counter::kDeviceMemoryPeakBytes && *n > *o)
      e.add_hint("peak device memory grew: a larger workspace or a new allocation");
  }
}

std::string launches_text(double calls) {
  return format_number(calls) + (calls == 1.0 ? " call" : " calls") + " per iteration";
}

std::string kernel_time(const std::optional<double>& ns) { return ns ? format_seconds(*ns * 1e-9) : "?"; }

// The compare stage's per-kernel comparison (compare_kernels), read, not
// redone: kernels that appeared or vanished, launch counts that changed, and
// the kernel the gate's statistics found slowed the most.
void explain_kernels(const BenchmarkComparison& bc, Explanation& e) {
  for (const KernelComparison& k : bc.kernels)
    if (k.verdict == Verdict::added) {
      e.add_kernel_change("new kernel " + k.name + " (" + launches_text(k.current_calls_per_iteration) + ", " +
                          kernel_time(k.current_median_ns) + ")");
      e.add_hint("a new kernel ran: a library may have picked another algorithm (cuBLAS/cuDNN heuristics, a changed "
                 "shape or alignment)");
    }
  for (const KernelComparison& k : bc.kernels)
    if (k.verdict == Verdict::removed) {
      e.add_kernel_change("kernel " + k.name + " gone (" + launches_text(k.baseline_calls_per_iteration) + ", " +
                          kernel_time(k.baseline_median_ns) + ")");
      e.add_hint("a kernel disappeared: the code path or the library's choice changed");
    }
  const KernelComparison* slowed_most = nullptr;
  for (const KernelComparison& k : bc.kernels) {
    if (k.verdict == Verdict::added || k.verdict == Verdict::removed) continue;
    if (k.calls_changed) {
      e.add_kernel_change("kernel " + k.name + " calls " + format_number(k.baseline_calls_per_iteration) + " -> " +
                          format_number(k.current_calls_per_iteration) + " per iteration");
      e.add_hint("kernel call counts changed: more launches (lost fusion, work split into more pieces)");
    }
    if (k.verdict == Verdict::regression && k.evidence && (!slowed_most || k.evidence->ratio > slowed_most->evidence->ratio))
      slowed_most = &k;
  }
  if (slowed_most) {
    const KernelComparison& k = *slowed_most;
    std::string text = "kernel " + k.name + " median " + kernel_time(k.baseline_median_ns) + " -> " +
                       kernel_time(k.current_median_ns);
    if (k.baseline_median_ns && k.current_median_ns)
      text += " (" + signed_percent(*k.baseline_median_ns, *k.current_median_ns) + ")";
    e.add_kernel_change(text + ", q = " + format_number(k.evidence->q_value));
    e.add_hint("kernel " + k.name + " got slower: profile it at both commits (ncu)");
  }
}

std::string joined(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : separator) + p;
  return out;
}

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  if (!ctx.comparison || !ctx.baseline) return out;
  for (const BenchmarkComparison& bc : ctx.comparison->benchmarks) {
    // A REGRESSION only its counts made is counted-work's to explain: its time did not regress.
    if (bc.verdict != Verdict::regression) continue;
    if (!bc.time_decides() && bc.counts->time_verdict != Verdict::regression) continue;
    const BenchmarkResult* new_b = ctx.measured(bc.name);
    const BenchmarkResult* old_b = ctx.find_baseline(bc.name);
    if (!new_b || !old_b) continue;

    double ratio = 0.0;
    if (bc.evidence) ratio = bc.evidence->ratio;
    else if (bc.baseline && bc.current && bc.baseline->median > 0) ratio = bc.current->median / bc.baseline->median;
    else if (auto o = median_of(*old_b), n = median_of(*new_b); o && n && *o > 0) ratio = *n / *o;

    Explanation e;
    compare_counters(*old_b, *new_b, e);
    explain_kernels(bc, e);

    Suggestion s;
    s.benchmark = bc.name;
    s.priority = Priority::critical;
    std::string evidence;
    if (bc.baseline && bc.current)
      evidence = "median " + format_seconds(bc.baseline->median) + " -> " + format_seconds(bc.current->median) + " (" +
                 format_number(ratio) + "x); ";
    if (!e.changes.empty() || !e.kernel_changes.empty()) {
      if (!e.changes.empty()) evidence += "changed by more than 5%: " + joined(e.changes, "; ");
      if (!e.changes.empty() && !e.kernel_changes.empty()) evidence += "; ";
      if (!e.kernel_changes.empty()) evidence += "kernels: " + joined(e.kernel_changes, "; ");
    } else {
      evidence += e.unchanged.empty() ? "no counters or kernels to compare, so the time itself moved"
                                      : "counters unchanged (" + joined(e.unchanged, ", ") +
                                            " within 5%), so the time itself moved: clocks, contention, code";
    }
    s.evidence = std::move(evidence);
    // What undoing the regression gains back: the case at the baseline's
    // median again, ratio x faster, 1 - 1/ratio of its time saved.
    s.expected_gain = {ratio, true,
                       ratio > 1.0 ? "undone: " + format_number(ratio) + "x faster, " +
                                         format_number((1.0 - 1.0 / ratio) * 100.0) + "% less time (the baseline's median)"
                                   : "undone: no faster (the medians do not differ)"};
    s.hint = e.hints.empty() ? "nothing measured moved but the time: compare the clocks and other processes on the "
                               "machine, then the code between the two commits"
                             : joined(e.hints, "; ");
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

Rule regression_explained() {
  return make_rule("regression-explained", "what changed in a REGRESSION's counters and kernels", apply);
}

}  // namespace perfgate::rules
