// "gpu-slower-than-cpu": a GPU variant slower than the CPU reference of the
// same case at some size (names that differ only in the segment "cpu"; the
// last segment is the size), with the crossover size from which the GPU wins.

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include <unordered_map>

#include "rules.hpp"

namespace perfgate::rules {
namespace {

std::vector<std::string_view> segments(std::string_view name) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = name.find('/', start);
    out.push_back(name.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

std::optional<std::int64_t> size_of(std::string_view segment) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(segment.data(), segment.data() + segment.size(), value);
  if (error != std::errc() || end != segment.data() + segment.size() || segment.empty()) return std::nullopt;
  return value;
}

struct Point {
  double cpu = 0.0;
  double gpu = 0.0;
  std::string gpu_case;
};

// (family with the cpu segment and the size removed, its position, the GPU variant) -> size -> medians.
using Key = std::tuple<std::string, std::size_t, std::string>;

std::string family_of(const std::vector<std::string_view>& parts, std::size_t cpu_at) {
  std::string family;
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    if (i == cpu_at) continue;
    if (!family.empty()) family += '/';
    family += parts[i];
  }
  return family;
}

// The name with segment `at` left out, and where: cases that differ only
// there share it.
std::string without_segment(const std::vector<std::string_view>& parts, std::size_t at) {
  std::string key = std::to_string(parts.size()) + ':' + std::to_string(at) + ':';
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i == at) continue;
    key += parts[i];
    key += '/';
  }
  return key;
}

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  // The CPU cases by their name without the cpu segment, so each other case
  // finds its CPU twin with one lookup per segment (a scan of every case per
  // CPU case was quadratic).
  struct CpuCase {
    const BenchmarkResult* c;
    std::vector<std::string_view> parts;
    std::size_t at;
    std::int64_t size;
    double median;
  };
  std::vector<CpuCase> cpu_cases;
  std::unordered_map<std::string, std::vector<std::size_t>> by_key;
  for (const BenchmarkResult& c : ctx.current.benchmarks) {
    const auto m_cpu = ctx.median(c.name);
    if (!m_cpu) continue;
    auto parts = segments(c.name);
    if (parts.size() < 2) continue;
    const auto size = size_of(parts.back());
    if (!size) continue;
    for (std::size_t at = 0; at + 1 < parts.size(); ++at) {
      if (parts[at] != "cpu") continue;
      by_key[without_segment(parts, at)].push_back(cpu_cases.size());
      cpu_cases.push_back({&c, parts, at, *size, *m_cpu});
    }
  }
  std::map<Key, std::map<std::int64_t, Point>> groups;
  if (cpu_cases.empty()) return {};
  // In the order the scan visited them: CPU case, then the other cases.
  std::vector<std::vector<const BenchmarkResult*>> twins(cpu_cases.size());
  for (const BenchmarkResult& g : ctx.current.benchmarks) {
    const auto other = segments(g.name);
    if (other.size() < 2) continue;
    for (std::size_t at = 0; at + 1 < other.size(); ++at) {
      if (other[at] == "cpu") continue;
      const auto it = by_key.find(without_segment(other, at));
      if (it == by_key.end()) continue;
      for (std::size_t i : it->second)
        if (cpu_cases[i].at == at && cpu_cases[i].c != &g) twins[i].push_back(&g);
    }
  }
  for (std::size_t i = 0; i < cpu_cases.size(); ++i) {
    const CpuCase& cpu = cpu_cases[i];
    for (const BenchmarkResult* g : twins[i]) {
      const auto m_gpu = ctx.median(g->name);
      if (!m_gpu) continue;
      const auto other = segments(g->name);
      groups[{family_of(cpu.parts, cpu.at), cpu.at, std::string(other[cpu.at])}][cpu.size] = {cpu.median, *m_gpu, g->name};
    }
  }

  std::vector<Suggestion> out;
  for (const auto& [key, by_size] : groups) {
    const auto slower = std::find_if(by_size.begin(), by_size.end(), [](const auto& p) { return p.second.gpu > p.second.cpu; });
    if (slower == by_size.end()) continue;
    // The crossover: the smallest size from which the GPU is faster at that and every larger size.
    std::optional<std::int64_t> crossover;
    for (auto it = by_size.rbegin(); it != by_size.rend() && it->second.gpu < it->second.cpu; ++it) crossover = it->first;

    const auto& [n, point] = *slower;
    const double x = point.cpu > 0 ? point.gpu / point.cpu : 0.0;
    Suggestion s;
    s.benchmark = point.gpu_case;
    s.priority = Priority::medium;
    s.evidence = "CPU " + format_seconds(point.cpu) + " vs GPU " + format_seconds(point.gpu) + " at n=" + std::to_string(n) +
                 "; GPU faster " + (crossover ? "from n=" + std::to_string(*crossover) : std::string("at no measured size"));
    s.expected_gain = {x, true, "the CPU ran " + format_number(x) + "x faster than " + std::get<2>(key) + " at n=" +
                                    std::to_string(n) + " on this machine"};
    s.hint = crossover ? "run sizes below n=" + std::to_string(*crossover) +
                             " on the CPU, or batch small problems into one launch"
                       : std::string("run this work on the CPU at the measured sizes, or batch small problems into one launch");
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

Rule gpu_slower_than_cpu() {
  return make_rule("gpu-slower-than-cpu", "a GPU variant slower than its CPU reference at small sizes (the crossover size)", apply);
}

}  // namespace perfgate::rules
