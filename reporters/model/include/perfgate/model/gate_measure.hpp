#pragma once
// What the gate judges a case by (docs/design.md, "Counted work"): its time,
// its counted work (the instructions of a timed iteration, where both sides
// were counted), or both, failing when either regresses.  Set per run
// (--gate-measure, --perfgate_gate_measure) or per case in a baseline's
// "gate" object ("measure": "counts").

#include <optional>
#include <string_view>

namespace perfgate {

enum class GateMeasure {
  time,    // counts are reported, never gated
  counts,  // the count verdict stands where both sides were counted; time is reported
  both,    // REGRESSION when either measure regresses; otherwise the time verdict
};

const char* to_string(GateMeasure measure);
// "time", "counts" or "both"; nullopt for anything else.
std::optional<GateMeasure> parse_gate_measure(std::string_view text);

}  // namespace perfgate
