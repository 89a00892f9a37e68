#pragma once
// A number a suite derives from the medians of several of its cases after
// the run (a fusion speedup, a kernel's speed as a % of cuBLAS, JIT
// break-even calls).  It carries its formula: every number perfgate prints
// is measured or derived by a stated formula.

#include <optional>
#include <string>
#include <vector>

namespace perfgate {

struct DerivedFigure {
  std::string name;                    // e.g. "elementwise/fusion_speedup"
  std::optional<double> value;         // absent when an input was not measured
  std::string unit;                    // "x", "%", "calls", "GB/s", ...
  std::string formula;                 // e.g. "median(elementwise/eager/16777216) / median(elementwise/fused/16777216)"
  std::vector<std::string> inputs;     // the case names it reads
  std::optional<std::string> missing;  // why there is no value (one line)
};

}  // namespace perfgate
