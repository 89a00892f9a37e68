// A host suite: one Google Benchmark case, through perfgate's one include
// (which must need no CUDA header in a host suite).
#include <numeric>
#include <vector>

#include "perfgate/perfgate.hpp"

namespace {

void BM_accumulate(benchmark::State& state) {
  std::vector<double> values(static_cast<std::size_t>(state.range(0)), 1.5);
  for (auto _ : state) benchmark::DoNotOptimize(std::accumulate(values.begin(), values.end(), 0.0));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_accumulate)->Arg(1 << 12);

}  // namespace
