// A suite binary whose cases execute a known number of instructions: the
// fixture of the counted pass's tests (counted_pass_e2e_test.cpp).
//   known_loop/N        a loop of exactly 2 instructions (dec, jnz) N times
//   with_set_up/N       the same loop, after a set-up of 20,000,000
//                       iterations of it (40 million instructions) outside
//                       the timed loop, which the count must leave out

#include <cstdint>

#include "perfgate/perfgate.hpp"

namespace {

// Exactly two instructions an iteration, whatever the compiler does around it.
void count_down(std::int64_t n) {
  asm volatile("1:\n\tdec %0\n\tjnz 1b" : "+r"(n) : : "cc");
}

void known_loop(benchmark::State& state) {
  for (auto _ : state) count_down(state.range(0));
}
BENCHMARK(known_loop)->Arg(1000000)->Arg(2000000)->UseRealTime();

void with_set_up(benchmark::State& state) {
  count_down(20000000);  // set-up: not timed, not counted
  for (auto _ : state) count_down(state.range(0));
}
BENCHMARK(with_set_up)->Arg(1000000)->UseRealTime();

}  // namespace
