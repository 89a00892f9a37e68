#pragma once
// Which case is running, for the parts of perfgate that run inside it:
// NVTX ranges name the case (Nsight Systems shows them) and the traced pass
// files its records under it.  Google Benchmark 1.7.1 does not tell a
// running case its name, so suites register cases with register_case(),
// which wraps the body in a CaseScope.
//
//   perfgate::register_case("saxpy/2^24", BM_saxpy, n)->UseManualTime();

#include <string>
#include <utility>

#include <benchmark/benchmark.h>

namespace perfgate {

// While alive: the current case on this thread, and an NVTX range (domain
// "perfgate") named after it.  Nests: the innermost scope names the case.
class CaseScope {
 public:
  explicit CaseScope(std::string name);
  ~CaseScope();
  CaseScope(const CaseScope&) = delete;
  CaseScope& operator=(const CaseScope&) = delete;

 private:
  std::string previous_;
};

// The running case's name as it was registered ("" outside register_case).
const std::string& current_case();

// The phases of a GPU case, as NVTX ranges: "warm-up", "timed", "flush",
// "traced", "counted".  Costs about 2 ns a range when no tool is attached.
enum class CasePhase { warmup, timed, flush, traced, counted };
const char* to_string(CasePhase phase);

class PhaseRange {
 public:
  explicit PhaseRange(CasePhase phase);
  ~PhaseRange();
  PhaseRange(const PhaseRange&) = delete;
  PhaseRange& operator=(const PhaseRange&) = delete;
};

// benchmark::RegisterBenchmark(name, fn, args...) with the body in a CaseScope.
template <class Function, class... Args>
benchmark::internal::Benchmark* register_case(const std::string& name, Function function, Args&&... args) {
  return benchmark::RegisterBenchmark(
      name.c_str(), [name, function, ... captured = std::forward<Args>(args)](benchmark::State& state) {
        CaseScope scope(name);
        function(state, captured...);
      });
}

}  // namespace perfgate
