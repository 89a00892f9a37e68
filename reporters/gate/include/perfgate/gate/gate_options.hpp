#pragma once
// The gate's options, described once: name, range and help.  Both parsers
// read this table: `perfgate compare`/`ab` (CLI11, --threshold) and the suite
// binaries (--perfgate_threshold, and the PERFGATE_THRESHOLD twin), so the
// two cannot disagree on what they accept.  NaN, infinities and anything out
// of range are refused with one line naming the flag.

#include <cstddef>
#include <span>
#include <string>

#include "perfgate/gate/gate_settings.hpp"

namespace perfgate {

struct GateOption {
  const char* name;  // "noise_multiplier": --perfgate_noise_multiplier, PERFGATE_NOISE_MULTIPLIER
  const char* cli;   // "--noise-multiplier" for perfgate compare and ab
  double GateSettings::*real = nullptr;          // one of these two is set
  std::size_t GateSettings::*whole = nullptr;
  double min = 0.0;
  double max = 0.0;
  bool min_exclusive = false;
  bool max_exclusive = false;
  const char* help = "";
};

std::span<const GateOption> gate_options();

// "above 0 and at most 1", "from 0 to 100", bounds written with %g.
std::string gate_option_range(const GateOption& option);
// Empty when `text` is a valid value, else why not ("expected a number above 0 and at most 1").
std::string gate_option_problem(const GateOption& option, const std::string& text);
// Sets the option in `settings`; throws InputError "FLAG=TEXT: expected ..." when invalid.
void set_gate_option(const GateOption& option, const std::string& flag, const std::string& text, GateSettings& settings);

}  // namespace perfgate
