// The example suite: ordinary Google Benchmark cases.  perfgate::main
// supplies main(), which runs them, compares them with the baseline and
// turns the verdict into the exit code.  perfgate/perfgate.hpp is the one
// include a suite needs (Google Benchmark with it); these cases use only
// Google Benchmark.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <vector>

#include "perfgate/perfgate.hpp"

namespace {

// The same inputs every run, so that runs stay comparable; several, sorted
// in turn, so that no branch predictor learns one input's comparisons (a
// planted 4x slowdown measured 2.3x in one run and 3.6x in the next when
// every iteration sorted one input).
constexpr std::size_t kInputs = 16;

std::vector<std::vector<int>> shuffled_inputs(std::size_t count) {
  std::mt19937 generator(20261122);
  std::uniform_int_distribution<int> pick(0, 1 << 20);
  std::vector<std::vector<int>> inputs(kInputs, std::vector<int>(count));
  for (std::vector<int>& values : inputs)
    for (int& v : values) v = pick(generator);
  return inputs;
}

// Not for a real suite: perfgate's own tests (tests/example) plant a
// regression with PERFGATE_EXAMPLE_SLOWDOWN=N, which makes std::sort's case
// sort N fresh inputs per iteration, N times slower.
int planted_slowdown() {
  const char* text = std::getenv("PERFGATE_EXAMPLE_SLOWDOWN");
  return text ? std::max(1, std::atoi(text)) : 1;
}

template <typename Sort>
void sort_case(benchmark::State& state, Sort sort, int copies = 1) {
  const auto inputs = shuffled_inputs(static_cast<std::size_t>(state.range(0)));
  std::vector<int> work(inputs[0].size());
  std::size_t next = 0;
  for (auto _ : state) {
    for (int copy = 0; copy < copies; ++copy) {
      work = inputs[next++ % kInputs];  // sort a fresh copy each time
      sort(work.begin(), work.end());
      benchmark::DoNotOptimize(work.data());
      benchmark::ClobberMemory();
    }
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_std_sort(benchmark::State& state) {
  sort_case(state, [](auto first, auto last) { std::sort(first, last); }, planted_slowdown());
}

void BM_std_stable_sort(benchmark::State& state) {
  sort_case(state, [](auto first, auto last) { std::stable_sort(first, last); });
}

void BM_heap_sort(benchmark::State& state) {
  sort_case(state, [](auto first, auto last) {
    std::make_heap(first, last);
    std::sort_heap(first, last);
  });
}

}  // namespace

// Case names end up in the baseline: renaming a case starts it afresh.
BENCHMARK(BM_std_sort)->Arg(4096)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_std_stable_sort)->Arg(4096)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_heap_sort)->Arg(4096)->Unit(benchmark::kMicrosecond);
