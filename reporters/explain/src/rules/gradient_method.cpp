// "gradient-method": which of SuperGrad's two gradient methods to use, for a
// pair of cases that differ only in a segment "tape" against "adjoint"
// (the supergrad suite's supergrad/{adjoint,tape}/gpus:N and /steps:T):
//   the tape's memory above kTapeMemoryShare of the device's
//     -> the adjoint: the tape grows with the steps (O(T)), the adjoint does
//        not, so a longer evolution would not fit;
//   the adjoint faster (median(adjoint) < median(tape))
//     -> the adjoint: it recomputes the states and still wins, and needs
//        memory O(1) in the steps.
// The tape's memory is its measured device_memory_peak_bytes, else the
// method's own count (gradient_device_bytes); the device's memory is the
// run's fingerprint's.  A tape both fitting and faster gets no suggestion:
// it is the right choice, and the figures say by how much.

#include <string>

#include "rules.hpp"

namespace perfgate::rules {
namespace {

constexpr double kTapeMemoryShare = 0.5;

std::optional<double> memory_of(const BenchmarkResult& b) {
  if (auto peak = number(b, "device_memory_peak_bytes"); peak && *peak > 0) return peak;
  return number(b, "gradient_device_bytes");
}

std::string gigabytes(double bytes) { return format_number(bytes / 1e9) + " GB"; }

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  const double device_bytes = static_cast<double>(ctx.current.fingerprint.memory_bytes);
  for (const BenchmarkResult& tape : ctx.current.benchmarks) {
    if (!has_segment(tape.name, "tape")) continue;
    const auto adjoint_name = sibling(tape.name, "tape", "adjoint");
    const auto tape_s = ctx.median(tape.name);
    const auto adjoint_s = adjoint_name ? ctx.median(*adjoint_name) : std::nullopt;
    if (!tape_s || !adjoint_s || !(*tape_s > 0) || !(*adjoint_s > 0)) continue;  // only measured pairs
    const auto tape_bytes = memory_of(tape);
    const bool too_big = tape_bytes && device_bytes > 0 && *tape_bytes > kTapeMemoryShare * device_bytes;
    const bool adjoint_faster = *adjoint_s < *tape_s;
    if (!too_big && !adjoint_faster) continue;
    Suggestion s;
    s.benchmark = *adjoint_name;
    s.priority = too_big ? Priority::high : Priority::medium;
    s.evidence = "adjoint " + format_seconds(*adjoint_s) + " against tape " + format_seconds(*tape_s) + " per gradient (" +
                 format_number(*adjoint_s / *tape_s) + "x)";
    if (tape_bytes && device_bytes > 0)
      s.evidence += "; the tape took " + gigabytes(*tape_bytes) + ", " + format_number(100.0 * *tape_bytes / device_bytes) +
                    "% of the device's " + gigabytes(device_bytes) + " (the rule's share: " +
                    format_number(100.0 * kTapeMemoryShare) + "%)";
    if (adjoint_faster)
      s.expected_gain = {*tape_s / *adjoint_s, true,
                         "the adjoint ran " + format_number(*tape_s / *adjoint_s) + "x faster here and holds memory O(1) in the steps"};
    else
      s.expected_gain = {0.0, false,
                         "estimate: no speed-up (the tape is " + format_number(*adjoint_s / *tape_s) +
                             "x faster), but memory O(1) in the steps instead of O(T)"};
    s.hint = too_big ? "use the adjoint (LCAM's custom VJP): the tape's memory grows with the steps and already takes more "
                       "than half the device, so a longer evolution or a larger batch will not fit; the adjoint recomputes "
                       "the states backwards and holds two state blocks"
                     : "use the adjoint (LCAM's custom VJP): it is faster here as well as O(1) in memory";
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

Rule gradient_method() {
  return make_rule("gradient-method",
                   "adjoint or tape: the tape's memory above half the device, or the adjoint faster (supergrad)", apply);
}

}  // namespace perfgate::rules
