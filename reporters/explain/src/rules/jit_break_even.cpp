// "jit-break-even": a JIT's one-time compile cost against the calls that
// repay it, from the suites' break-even figures
// (figures::break_even_calls: inputs [cost, slower, faster], unit "calls").

#include <string>

#include "rules.hpp"

namespace perfgate::rules {
namespace {

bool is_break_even(const DerivedFigure& f) {
  return f.unit == "calls" && f.name.find("break_even") != std::string::npos && f.inputs.size() >= 3;
}

Priority priority_for(double calls) {
  if (calls < 100) return Priority::low;
  if (calls < 10000) return Priority::medium;
  return Priority::high;  // a JIT that needs that many calls to pay off rarely does
}

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  for (const DerivedFigure& f : ctx.current.figures) {
    if (!is_break_even(f)) continue;
    const std::string& cost_case = f.inputs[0];
    const std::string& slower_case = f.inputs[1];
    const std::string& faster_case = f.inputs[2];
    const auto cost = ctx.median(cost_case);
    const auto slower = ctx.median(slower_case);
    const auto faster = ctx.median(faster_case);
    if (!cost || !slower || !faster) continue;  // only measured cases

    if (f.value) {
      const double calls = *f.value;
      Suggestion s;
      s.benchmark = faster_case;
      s.priority = priority_for(calls);
      s.evidence = "compile " + format_seconds(*cost) + " repaid after " + format_number(calls) + " calls (saves " +
                   format_seconds(*slower - *faster) + " per call: " + slower_case + " " + format_seconds(*slower) +
                   " vs " + faster_case + " " + format_seconds(*faster) + ")";
      if (*faster > 0) {
        const double x = *slower / *faster;
        s.expected_gain = {x, true, "the compiled kernel runs " + format_number(x) + "x faster per call"};
      }
      s.hint = "cache the compiled binary across runs (or compile ahead of time) when a process makes fewer than " +
               format_number(calls) + " calls";
      out.push_back(std::move(s));
    } else if (f.missing && f.missing->find("not faster") != std::string::npos) {
      Suggestion s;
      s.benchmark = faster_case;
      s.priority = Priority::medium;
      s.evidence = "the JIT never pays off: " + *f.missing + " (" + format_seconds(*faster) + " vs " +
                   format_seconds(*slower) + " per call), so its compile of " + format_seconds(*cost) +
                   " is never repaid";
      s.expected_gain = {0.0, false,
                         "estimate: saves the compile (" + format_seconds(*cost) + ") once per process, no speed-up per call"};
      s.hint = "drop the JIT path for this workload (use " + slower_case +
               "), or make the generated kernel faster than it before paying to compile it";
      out.push_back(std::move(s));
    }
  }
  return out;
}

}  // namespace

Rule jit_break_even() {
  return make_rule("jit-break-even", "JIT compile cost against the calls that repay it (break-even figures)", apply);
}

}  // namespace perfgate::rules
