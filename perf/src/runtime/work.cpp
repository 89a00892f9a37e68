#include "perfgate/runtime/work.hpp"

#include "roofline/tensor_core_alignment.hpp"

namespace perfgate {

using benchmark::Counter;

WorkDeclaration& WorkDeclaration::flops(double per_call) {
  state_.counters[work_counter::kFlop] = Counter(per_call);
  show_rates();
  return *this;
}

WorkDeclaration& WorkDeclaration::bytes_read(double per_call) {
  state_.counters[work_counter::kBytesRead] = Counter(per_call);
  show_rates();
  return *this;
}

WorkDeclaration& WorkDeclaration::bytes_written(double per_call) {
  state_.counters[work_counter::kBytesWritten] = Counter(per_call);
  show_rates();
  return *this;
}

WorkDeclaration& WorkDeclaration::precision(Precision precision) {
  state_.counters[work_counter::kPrecision] = Counter(static_cast<double>(precision));
  return *this;
}

WorkDeclaration& WorkDeclaration::matrix_shape(std::int64_t m, std::int64_t n, std::int64_t k) {
  state_.counters[work_counter::kAlignment] = Counter(tensor_core_alignment({m, n, k}));
  return *this;
}

// Google Benchmark divides an iteration-invariant rate by the run's time
// (the GPU time under UseManualTime): per call x iterations / seconds.
void WorkDeclaration::show_rates() {
  auto value = [&](const char* name) {
    const auto it = state_.counters.find(name);
    return it == state_.counters.end() ? 0.0 : it->second.value;
  };
  const double flop = value(work_counter::kFlop);
  const double bytes = value(work_counter::kBytesRead) + value(work_counter::kBytesWritten);
  if (flop > 0) state_.counters[work_counter::kFlopRate] = Counter(flop, Counter::kIsIterationInvariantRate);
  if (bytes > 0) state_.counters[work_counter::kByteRate] = Counter(bytes, Counter::kIsIterationInvariantRate);
}

}  // namespace perfgate
