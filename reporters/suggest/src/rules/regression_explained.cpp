// "regression-explained": for each REGRESSION, what moved between the
// baseline's and this run's counters and kernels, so a reviewer knows where
// to look (more bytes, a lower rate, a lower clock, another kernel).

#include <cmath>
#include <map>
#include <string>

#include "rules.hpp"

namespace perfgate::rules {
namespace {

constexpr double kChanged = 0.05;  // a counter moved when it changed by more than 5%

std::string signed_percent(double old_value, double new_value) {
  const double pct = (new_value / old_value - 1.0) * 100.0;
  std::string text = pct >= 0 ? "+" : "";
  text += format_number(pct);
  text += '%';
  return text;
}

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
  for (const char* name : {"bytes_read", "bytes_written", "perfgate_bytes_read", "perfgate_bytes_written"})
    if (auto v = number(b, name)) total = total.value_or(0.0) + *v;
  return total;
}

struct Explanation {
  std::vector<std::string> changes;
  std::vector<std::string> hints;
  std::vector<std::string> unchanged;

  void add_change(std::string text) { changes.push_back(std::move(text)); }
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
  for (const char* name : {"GB/s", "TFLOP/s", "sm_clock_mhz", "device_memory_peak_bytes"}) {
    const auto o = number(old_b, name), n = number(new_b, name);
    if (!o || !n) continue;
    if (!moved(*o, *n)) {
      e.unchanged.push_back(name);
      continue;
    }
    e.add_change(change(name, *o, *n));
    const std::string counter = name;
    if (counter == "GB/s" && *n < *o && bytes_same)
      e.add_hint("GB/s fell with the bytes unchanged: the access pattern or occupancy changed (coalescing, launch "
                 "configuration, register or shared-memory use)");
    else if (counter == "sm_clock_mhz" && *n < *o)
      e.add_hint("the SM clock fell: throttling (power, heat) or another process on the GPU (nvidia-smi -q -d "
                 "CLOCK,PERFORMANCE)");
    else if (counter == "device_memory_peak_bytes" && *n > *o)
      e.add_hint("peak device memory grew: a larger workspace or a new allocation");
  }
}

void compare_kernels(const BenchmarkResult& old_b, const BenchmarkResult& new_b, Explanation& e) {
  if (old_b.kernels.empty() || new_b.kernels.empty()) return;
  std::map<std::string, const KernelSummary*> before, after;
  for (const KernelSummary& k : old_b.kernels) before[k.name] = &k;
  for (const KernelSummary& k : new_b.kernels) after[k.name] = &k;

  for (const auto& [name, k] : after)
    if (!before.count(name)) {
      e.add_change("new kernel " + name + " (" + std::to_string(k->calls) + " calls, " + format_seconds(k->median_ns * 1e-9) +
                   ")");
      e.add_hint("a new kernel ran: a library may have picked another algorithm (cuBLAS/cuDNN heuristics, a changed "
                 "shape or alignment)");
    }
  for (const auto& [name, k] : before)
    if (!after.count(name)) {
      e.add_change("kernel " + name + " gone (" + std::to_string(k->calls) + " calls, " + format_seconds(k->median_ns * 1e-9) +
                   ")");
      e.add_hint("a kernel disappeared: the code path or the library's choice changed");
    }

  const KernelSummary* grew_most = nullptr;
  double most = 0.0;
  for (const auto& [name, k] : after) {
    const auto it = before.find(name);
    if (it == before.end()) continue;
    const KernelSummary& old_k = *it->second;
    if (old_k.calls != k->calls) {
      e.add_change("kernel " + name + " calls " + std::to_string(old_k.calls) + " -> " + std::to_string(k->calls));
      e.add_hint("kernel call counts changed: more launches (lost fusion, work split into more pieces)");
    }
    if (old_k.median_ns > 0 && k->median_ns / old_k.median_ns - 1.0 > kChanged &&
        k->median_ns / old_k.median_ns > most) {
      most = k->median_ns / old_k.median_ns;
      grew_most = k;
    }
  }
  if (grew_most) {
    const KernelSummary& old_k = *before.at(grew_most->name);
    e.add_change("kernel " + grew_most->name + " median " + format_seconds(old_k.median_ns * 1e-9) + " -> " +
                 format_seconds(grew_most->median_ns * 1e-9) + " (" + signed_percent(old_k.median_ns, grew_most->median_ns) +
                 ")");
    e.add_hint("kernel " + grew_most->name + " got slower: profile it at both commits (ncu)");
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
    if (bc.verdict != Verdict::regression) continue;
    const BenchmarkResult* new_b = ctx.measured(bc.name);
    const BenchmarkResult* old_b = ctx.baseline->find(bc.name);
    if (!new_b || !old_b) continue;

    double ratio = 0.0;
    if (bc.evidence) ratio = bc.evidence->ratio;
    else if (bc.baseline && bc.current && bc.baseline->median > 0) ratio = bc.current->median / bc.baseline->median;
    else if (auto o = median_of(*old_b), n = median_of(*new_b); o && n && *o > 0) ratio = *n / *o;

    Explanation e;
    compare_counters(*old_b, *new_b, e);
    compare_kernels(*old_b, *new_b, e);

    Suggestion s;
    s.rule = "regression-explained";
    s.benchmark = bc.name;
    s.priority = Priority::critical;
    std::string evidence;
    if (bc.baseline && bc.current)
      evidence = "median " + format_seconds(bc.baseline->median) + " -> " + format_seconds(bc.current->median) + " (" +
                 format_number(ratio) + "x); ";
    if (!e.changes.empty()) {
      evidence += "changed by more than 5%: " + joined(e.changes, "; ");
    } else {
      evidence += e.unchanged.empty() ? "no counters or kernels to compare, so the time itself moved"
                                      : "counters unchanged (" + joined(e.unchanged, ", ") +
                                            " within 5%), so the time itself moved: clocks, contention, code";
    }
    s.evidence = std::move(evidence);
    s.expected_gain = {ratio, true, format_number((ratio - 1.0) * 100.0) + "% slower than the baseline"};
    s.hint = e.hints.empty() ? "nothing measured moved but the time: compare the clocks and other processes on the "
                               "machine, then the code between the two commits"
                             : joined(e.hints, "; ");
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

Rule regression_explained() {
  return {"regression-explained", "what changed in a REGRESSION's counters and kernels", apply};
}

}  // namespace perfgate::rules
