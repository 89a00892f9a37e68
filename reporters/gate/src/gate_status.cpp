#include "perfgate/gate/gate_status.hpp"

#include <array>
#include <utility>

#include "perfgate/gate/exit_code.hpp"

namespace perfgate {
namespace {

constexpr std::array<std::pair<GateStatus, const char*>, 5> kJsonNames = {{
    {GateStatus::pass, "PASS"},
    {GateStatus::fail, "FAIL"},
    {GateStatus::error, "ERROR"},
    {GateStatus::not_gated, "NOT_GATED"},
    {GateStatus::skipped, "SKIPPED"},
}};

bool judged_verdict(Verdict v) {
  return v == Verdict::regression || v == Verdict::improvement || v == Verdict::no_change || v == Verdict::inconclusive;
}

bool enough_samples(const BenchmarkComparison& b, const GateSettings& settings) {
  return b.baseline && b.current && b.baseline->n >= settings.min_samples && b.current->n >= settings.min_samples;
}

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// What kept each case from being judged, counted: "12 NEW (not in the
// baseline), 3 SKIPPED".
std::string what_was_not_judged(const Comparison& c) {
  std::size_t added = 0, skipped = 0, few = 0, ignored = 0, other = 0;
  for (const BenchmarkComparison& b : c.benchmarks) {
    if (b.verdict == Verdict::removed || is_gated(b, c.settings)) continue;
    if (b.ignored) ++ignored;
    else if (b.verdict == Verdict::added) ++added;
    else if (b.verdict == Verdict::skipped) ++skipped;
    else if (b.verdict == Verdict::inconclusive) ++few;
    else ++other;
  }
  std::string text;
  const auto add = [&](std::size_t n, const std::string& what) {
    if (n > 0) text += (text.empty() ? "" : ", ") + std::to_string(n) + " " + what;
  };
  add(added, "NEW (no baseline of them)");
  add(few, "with fewer than " + std::to_string(c.settings.min_samples) + " samples a side (record more repetitions)");
  add(skipped, "SKIPPED");
  add(ignored, "ignored by the baseline");
  add(other, "not judged");
  return text;
}

}  // namespace

const char* to_string(GateStatus status) {
  return status == GateStatus::not_gated ? "NOT GATED" : to_json_string(status);
}

const char* to_json_string(GateStatus status) {
  for (const auto& [s, name] : kJsonNames)
    if (s == status) return name;
  return "ERROR";
}

std::optional<GateStatus> gate_status_from_json(const std::string& text) {
  for (const auto& [s, name] : kJsonNames)
    if (text == name) return s;
  return std::nullopt;
}

bool is_gated(const BenchmarkComparison& b, const GateSettings& settings) {
  if (b.ignored || !judged_verdict(b.verdict)) return false;
  return b.verdict != Verdict::inconclusive || enough_samples(b, settings);
}

GateCoverage gate_coverage(const Comparison& comparison) {
  GateCoverage coverage;
  for (const BenchmarkComparison& b : comparison.benchmarks) {
    if (b.verdict == Verdict::removed) continue;
    ++coverage.cases;
    coverage.gated += is_gated(b, comparison.settings) ? 1 : 0;
  }
  return coverage;
}

std::string coverage_text(const GateCoverage& coverage) {
  return std::to_string(coverage.gated) + " of " + plural(coverage.cases, "case", "cases") + " gated";
}

bool nothing_gated(const Comparison& comparison) {
  const GateCoverage coverage = gate_coverage(comparison);
  if (coverage.gated > 0) return false;
  std::size_t skipped = 0;
  for (const BenchmarkComparison& b : comparison.benchmarks) skipped += b.verdict == Verdict::skipped ? 1 : 0;
  return coverage.cases == 0 || skipped < coverage.cases;
}

GateStatus gate_status(const Comparison& comparison, int exit_code) {
  switch (exit_code) {
    case kExitRegression: return GateStatus::fail;
    case kExitAllSkipped: return GateStatus::skipped;
    case kExitOk: return nothing_gated(comparison) ? GateStatus::not_gated : GateStatus::pass;
    default: break;
  }
  // Exit 2 for want of a gated case alone (--require-gated) is still that
  // state; a failed case or a bad input is an error.
  for (const BenchmarkComparison& b : comparison.benchmarks)
    if (b.verdict == Verdict::error && !b.ignored) return GateStatus::error;
  return comparison.settings.require_gated && nothing_gated(comparison) ? GateStatus::not_gated : GateStatus::error;
}

std::string not_gated_reason(const Comparison& c) {
  if (!nothing_gated(c)) return "";
  std::size_t removed = 0;
  for (const BenchmarkComparison& b : c.benchmarks) removed += b.verdict == Verdict::removed ? 1 : 0;
  std::string why;
  if (!c.comparable) {
    why = "the baseline was measured on another device (" + c.baseline.device.slug + "; this run on " +
          c.current.device.slug + ": " + c.incomparable_reason + ")";
  } else if (c.nothing_compared && removed == 0) {
    why = "there is no baseline of these cases";
  } else if (c.nothing_compared) {
    why = "no case of this run is in the baseline (" + what_was_not_judged(c) + "; " + plural(removed, "case", "cases") +
          " only in the baseline)";
  } else if (gate_coverage(c).cases == 0) {
    why = "the run has no cases";
  } else {
    why = "no case was judged against a baseline of this device (" + what_was_not_judged(c) + ")";
  }
  if (!c.gate_advice.empty()) why += "; " + c.gate_advice;
  return why;
}

}  // namespace perfgate
