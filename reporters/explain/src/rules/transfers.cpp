// "transfers": (a) copies from pageable memory where the pinned sibling
// measured faster; (b) a synchronous copy-and-compute batch where a variant
// over several streams ("streams:N") measured faster.

#include <string>
#include "perfgate/model/counter_names.hpp"
#include <string_view>

#include <unordered_map>

#include "rules.hpp"

namespace perfgate::rules {
namespace {

constexpr double kMinFactor = 1.2;
constexpr double kHighPinned = 3.0;

std::string_view parent(std::string_view name) {
  const std::size_t slash = name.rfind('/');
  return slash == std::string_view::npos ? std::string_view() : name.substr(0, slash);
}

std::string_view last_segment(std::string_view name) {
  const std::size_t slash = name.rfind('/');
  return slash == std::string_view::npos ? name : name.substr(slash + 1);
}

// "12.2 GB/s" from the counter, else the time.
std::string rate_or_time(const BenchmarkResult& b, double median) {
  if (auto gbs = number(b, counter::kGigabytesPerSecond)) return format_number(*gbs) + " GB/s";
  return format_seconds(median);
}

void pageable_copies(const SuggestContext& ctx, std::vector<Suggestion>& out) {
  for (const BenchmarkResult& b : ctx.current.benchmarks) {
    if (!has_segment(b.name, "pageable")) continue;
    const BenchmarkResult* pageable = ctx.measured(b.name);
    const auto pinned_name = sibling(b.name, "pageable", "pinned");
    const BenchmarkResult* pinned = pinned_name ? ctx.measured(*pinned_name) : nullptr;
    if (!pageable || !pinned) continue;
    const auto m_pageable = median_of(*pageable), m_pinned = median_of(*pinned);
    if (!m_pageable || !m_pinned || *m_pinned <= 0) continue;
    const double x = *m_pageable / *m_pinned;
    if (x < kMinFactor) continue;

    Suggestion s;
    s.benchmark = b.name;
    s.priority = x >= kHighPinned ? Priority::high : Priority::medium;
    s.evidence = "pageable " + rate_or_time(*pageable, *m_pageable) + " vs pinned " + rate_or_time(*pinned, *m_pinned) +
                 " (" + *pinned_name + "): " + format_number(x) + "x";
    s.expected_gain = {x, true, "the pinned copy ran " + format_number(x) + "x faster on this device"};
    s.hint = "pin the host buffer (cudaMallocHost / cudaHostRegister) so copies are DMA'd and can be asynchronous";
    out.push_back(std::move(s));
  }
}

// The overlap bound for a batch under `prefix`: a figure "*/overlap_bound"
// whose inputs lie under it, else any.
const DerivedFigure* overlap_bound(const SuggestContext& ctx, std::string_view prefix) {
  const DerivedFigure* any = nullptr;
  for (const DerivedFigure& f : ctx.current.figures) {
    if (!f.value || last_segment(f.name) != "overlap_bound") continue;
    for (const std::string& input : f.inputs)
      if (parent(input) == prefix) return &f;
    if (!any) any = &f;
  }
  return any;
}

void synchronous_batches(const SuggestContext& ctx, std::vector<Suggestion>& out) {
  // The streams:N cases by their folder, in run order (a scan per sync case
  // was quadratic).
  std::unordered_map<std::string_view, std::vector<const BenchmarkResult*>> streams_cases;
  for (const BenchmarkResult& other : ctx.current.benchmarks)
    if (last_segment(other.name).starts_with("streams:")) streams_cases[parent(other.name)].push_back(&other);
  for (const BenchmarkResult& b : ctx.current.benchmarks) {
    if (last_segment(b.name) != "sync") continue;
    const auto m_sync = ctx.median(b.name);
    if (!m_sync) continue;
    const std::string_view prefix = parent(b.name);
    const BenchmarkResult* best = nullptr;
    double best_median = 0.0;
    const auto candidates = streams_cases.find(prefix);
    if (candidates == streams_cases.end()) continue;
    for (const BenchmarkResult* other : candidates->second) {
      const auto m = ctx.median(other->name);
      if (!m || *m <= 0) continue;
      if (!best || *m < best_median) best = other, best_median = *m;
    }
    if (!best) continue;
    const double x = *m_sync / best_median;
    if (x < kMinFactor) continue;

    const std::string variant(last_segment(best->name));
    Suggestion s;
    s.benchmark = b.name;
    s.priority = Priority::medium;
    s.evidence = "sync " + format_seconds(*m_sync) + " vs " + variant + " " + format_seconds(best_median) + ": " +
                 format_number(x) + "x";
    if (const DerivedFigure* bound = overlap_bound(ctx, prefix)) {
      s.evidence += "; the bound is " + format_number(*bound->value) + "x";
      if (bound->inputs.size() >= 2) {
        const auto copy = ctx.median(bound->inputs[0]), compute = ctx.median(bound->inputs[1]);
        if (copy && compute)
          s.evidence += ": copy " + format_seconds(*copy) + " and compute " + format_seconds(*compute);
      }
    }
    s.expected_gain = {x, true, variant + " ran " + format_number(x) + "x faster than sync on this device"};
    s.hint = "double-buffer over 2+ streams with pinned memory so copies overlap compute";
    out.push_back(std::move(s));
  }
}

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  pageable_copies(ctx, out);
  synchronous_batches(ctx, out);
  return out;
}

}  // namespace

Rule transfers() {
  return make_rule("transfers", "pageable or synchronous copies where pinned or overlapped copies measured faster", apply);
}

}  // namespace perfgate::rules
