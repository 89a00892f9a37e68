// "memory-pool": a case that allocates with cudaMalloc where the same case on
// a stream-ordered pool (the sibling with segment "pool") measured faster.

#include <cstdio>
#include <string>

#include "rules.hpp"

namespace perfgate::rules {
namespace {

constexpr double kMinFactor = 1.2;
constexpr double kHighFactor = 5.0;

// " (10901 allocations/s)" when the case has the counter.
std::string rate(const BenchmarkResult& b) {
  const auto v = number(b, "allocations/s");
  if (!v) return "";
  char text[48];
  if (*v >= 1000) std::snprintf(text, sizeof text, "%.0f", *v);
  else std::snprintf(text, sizeof text, "%s", format_number(*v).c_str());
  return std::string(" (") + text + " allocations/s)";
}

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  for (const BenchmarkResult& b : ctx.current.benchmarks) {
    if (!has_segment(b.name, "cudaMalloc")) continue;
    const BenchmarkResult* malloc_case = ctx.measured(b.name);
    const auto pool_name = sibling(b.name, "cudaMalloc", "pool");
    const BenchmarkResult* pool_case = pool_name ? ctx.measured(*pool_name) : nullptr;
    if (!malloc_case || !pool_case) continue;
    const auto m_malloc = median_of(*malloc_case);
    const auto m_pool = median_of(*pool_case);
    if (!m_malloc || !m_pool || *m_pool <= 0) continue;
    const double x = *m_malloc / *m_pool;
    if (x < kMinFactor) continue;

    Suggestion s;
    s.benchmark = b.name;
    s.priority = x >= kHighFactor ? Priority::high : Priority::medium;
    s.evidence = "cudaMalloc " + format_seconds(*m_malloc) + " per iteration" + rate(*malloc_case) + " vs pool " +
                 format_seconds(*m_pool) + rate(*pool_case) + " (" + *pool_name + "): " + format_number(x) + "x";
    s.expected_gain = {x, true, "the pool ran " + format_number(x) + "x faster per iteration on this device"};
    s.hint = "allocate from a stream-ordered pool (cudaMallocAsync / cudaMemPool with a release threshold) or a "
             "caching allocator, or hoist the allocation out of the loop";
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

Rule memory_pool() {
  return make_rule("memory-pool", "per-iteration cudaMalloc where a stream-ordered pool measured faster", apply);
}

}  // namespace perfgate::rules
