#include "perfgate/model/gate_measure.hpp"

namespace perfgate {

const char* to_string(GateMeasure measure) {
  switch (measure) {
    case GateMeasure::time: return "time";
    case GateMeasure::counts: return "counts";
    case GateMeasure::both: return "both";
  }
  return "both";
}

std::optional<GateMeasure> parse_gate_measure(std::string_view text) {
  for (GateMeasure m : {GateMeasure::time, GateMeasure::counts, GateMeasure::both})
    if (text == to_string(m)) return m;
  return std::nullopt;
}

}  // namespace perfgate
