#include "perfgate/gate/gate_options.hpp"

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace {

// Defaults are GateSettings' own; the ranges are the only place they are decided.
const std::array<GateOption, 6> kGateOptions = {{
    {"threshold", "--threshold", &GateSettings::threshold_pct, nullptr, 0.0, 1e6, true, false,
     "PCT: smallest change that can fail the gate (default 5)"},
    {"fdr", "--fdr", &GateSettings::fdr_q, nullptr, 0.0, 1.0, true, false,
     "Q: Benjamini-Hochberg false-discovery rate (default 0.01)"},
    {"noise_multiplier", "--noise-multiplier", &GateSettings::noise_multiplier, nullptr, 0.0, 100.0, false, false,
     "K: raise the threshold to K robust CVs of the noisier side (default 0: off)"},
    {"min_samples", "--min-samples", nullptr, &GateSettings::min_samples, 2.0, 1e6, false, false,
     "N: valid samples needed on each side (default 5)"},
    {"min_run_spread", "--min-run-spread", &GateSettings::min_run_spread_pct, nullptr, 0.0, 100.0, false, false,
     "PCT: least run-to-run shift assumed, as a standard deviation in % (default 1)"},
    {"count_threshold", "--count-threshold", &GateSettings::count_threshold_pct, nullptr, 0.0, 1e6, true, false,
     "PCT: smallest change of a case's counted instructions that can fail the gate (default 1)"},
}};

std::string bound(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

}  // namespace

std::span<const GateOption> gate_options() { return kGateOptions; }

std::string gate_option_range(const GateOption& o) {
  if (!o.min_exclusive && !o.max_exclusive) return "from " + bound(o.min) + " to " + bound(o.max);
  return std::string(o.min_exclusive ? "above " : "at least ") + bound(o.min) + (o.max_exclusive ? " and below " : " and at most ") +
         bound(o.max);
}

std::string gate_option_problem(const GateOption& o, const std::string& text) {
  const std::string expected = std::string("expected ") + (o.whole ? "a whole number " : "a number ") + gate_option_range(o);
  if (text.empty() || std::isspace(static_cast<unsigned char>(text.front()))) return expected;
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || errno == ERANGE || !std::isfinite(v)) return expected;  // nan, inf, 1e999, 5x
  if (o.whole && v != std::floor(v)) return expected;
  if (o.min_exclusive ? !(v > o.min) : !(v >= o.min)) return expected;
  if (o.max_exclusive ? !(v < o.max) : !(v <= o.max)) return expected;
  return "";
}

void set_gate_option(const GateOption& o, const std::string& flag, const std::string& text, GateSettings& settings) {
  if (const std::string problem = gate_option_problem(o, text); !problem.empty())
    throw InputError(flag + "=" + text + ": " + problem);
  const double v = std::strtod(text.c_str(), nullptr);
  if (o.real) settings.*o.real = v;
  else settings.*o.whole = static_cast<std::size_t>(v);
}

}  // namespace perfgate
