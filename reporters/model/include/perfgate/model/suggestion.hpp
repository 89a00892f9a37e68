#pragma once
// One piece of advice about one benchmark (or the run, when `benchmark` is
// empty), made by a rule of the explain stage (reporters/explain) from
// measured numbers.  Data only: the compare stage carries it into every
// report, and the writers print it.

#include <string>

namespace perfgate {

enum class Priority { critical, high, medium, low };
const char* to_string(Priority priority);

struct ExpectedGain {
  // The speed-up the advice would bring (1.5 = 1.5x faster), or 0 when it
  // cannot be put as one; used to order suggestions of equal priority.
  double factor = 0.0;
  bool measured = false;  // from a measurement of this run; else an estimate, labelled so
  std::string text;       // "BF16 ran 14.7x faster than FP32 at this shape on this device"
};

struct Suggestion {
  std::string rule;       // the rule's name (rules can be switched off by it)
  std::string benchmark;  // the case it concerns
  Priority priority = Priority::medium;
  std::string evidence;   // the numbers that triggered it
  ExpectedGain expected_gain;
  std::string hint;       // what to do
};

}  // namespace perfgate
