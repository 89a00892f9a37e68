// "dram-bytes-grew": a memory-bound GPU case whose kernels move more DRAM
// bytes a timed iteration than the baseline's did (the GPU counted pass on
// both sides, --perfgate_instructions).  A memory-bound kernel's time
// follows the bytes it moves, and the counts do not move with clocks or
// neighbours, so this names the cause of a slowdown ("the kernel now reads
// its input twice") or one the time gate could not see on a loaded runner.

#include <algorithm>
#include <cmath>
#include <string>

#include "perfgate/gate/kernel_comparison.hpp"
#include "perfgate/model/counter_names.hpp"
#include "rules.hpp"

namespace perfgate::rules {
namespace {

// The kernels named in the evidence, the largest growth first.
constexpr std::size_t kKernelsNamed = 3;

std::optional<double> dram_bytes(const BenchmarkResult& b) {
  const auto read = number(b, counter::kKernelDramBytesRead), written = number(b, counter::kKernelDramBytesWritten);
  if (!read || !written) return std::nullopt;
  return *read + *written;
}

// Each kernel's DRAM bytes a call of the case's work, read and written, on both sides.
struct KernelBytes {
  std::string name;
  double baseline = 0.0;
  double current = 0.0;
};

std::vector<KernelBytes> kernels_that_grew(const BenchmarkComparison& bc) {
  std::vector<KernelBytes> grew;
  for (const KernelComparison& k : bc.kernels) {
    KernelBytes bytes{k.name};
    for (const CountChange& c : k.counts)
      if (c.name == counter::kKernelDramBytesRead || c.name == counter::kKernelDramBytesWritten) {
        bytes.baseline += c.baseline;
        bytes.current += c.current;
      }
    if (bytes.current > bytes.baseline * (1.0 + kKernelCountChangePct / 100.0)) grew.push_back(std::move(bytes));
  }
  std::sort(grew.begin(), grew.end(), [](const KernelBytes& a, const KernelBytes& b) {
    return a.current - a.baseline > b.current - b.baseline;
  });
  return grew;
}

std::string kernel_evidence(const std::vector<KernelBytes>& grew) {
  std::string text;
  for (std::size_t i = 0; i < grew.size() && i < kKernelsNamed; ++i)
    text += (i ? "; " : "") + grew[i].name + " " + format_number(grew[i].baseline) + " -> " +
            format_number(grew[i].current) + " bytes (" + signed_percent(grew[i].baseline, grew[i].current) + ")";
  if (grew.size() > kKernelsNamed) text += "; and " + std::to_string(grew.size() - kKernelsNamed) + " more";
  return text;
}

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  if (!ctx.comparison) return out;
  for (const BenchmarkComparison& bc : ctx.comparison->benchmarks) {
    const BenchmarkResult* cur = ctx.find_current(bc.name);
    const BenchmarkResult* base = ctx.find_baseline(bc.name);
    if (!cur || !base || label(*cur, counter::kBound) != "memory") continue;
    const auto old_bytes = dram_bytes(*base), new_bytes = dram_bytes(*cur);
    if (!old_bytes || !new_bytes || !(*old_bytes > 0) ||
        !(*new_bytes > *old_bytes * (1.0 + kKernelCountChangePct / 100.0)))
      continue;
    Suggestion s;
    s.benchmark = bc.name;
    s.priority = bc.verdict == Verdict::regression ? Priority::high : Priority::medium;
    s.evidence = "memory-bound, and its kernels move " + signed_percent(*old_bytes, *new_bytes) +
                 " DRAM bytes a timed iteration (" + format_number(*old_bytes) + " -> " + format_number(*new_bytes) +
                 ", read and written, counted by CUPTI); the verdict: " + to_string(bc.verdict);
    if (const std::string kernels = kernel_evidence(kernels_that_grew(bc)); !kernels.empty())
      s.evidence += "; kernels: " + kernels;
    // A memory-bound case's time follows its DRAM traffic: moving the
    // baseline's bytes again takes (1 - old/new) of the time off.
    s.expected_gain = {0.0, true,
                       "estimate: " + format_number((1.0 - *old_bytes / *new_bytes) * 100.0) +
                           "% less time if its kernels moved the baseline's DRAM bytes again (a memory-bound case's "
                           "time follows its bytes)"};
    s.hint = "the kernels now move more data: a second pass over an input, a lost fusion (an intermediate written "
             "and read back), a wider element type, or an access pattern that defeats coalescing or L2 reuse; "
             "ncu --section MemoryWorkloadAnalysis on both builds shows where the bytes go";
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

Rule dram_bytes_grew() {
  return make_rule("dram-bytes-grew",
                   "a memory-bound GPU case whose kernels move more DRAM bytes than its baseline's (GPU counted pass)",
                   apply);
}

}  // namespace perfgate::rules
