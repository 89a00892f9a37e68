#pragma once
// A device's performance ceilings: the memory bandwidth and the arithmetic
// rate per precision that a roofline measures a case against.

#include <map>
#include <optional>

#include "perfgate/model/precision.hpp"

namespace perfgate {

enum class CeilingSource {
  theoretical,  // from the device's attributes and a table of per-SM rates
  measured,     // by `perfgate device --calibrate` (baselines/<slug>/device.json)
};

const char* to_string(CeilingSource source);

struct Ceilings {
  CeilingSource source = CeilingSource::theoretical;
  double memory_bytes_per_s = 0.0;                // 0: unknown
  std::map<Precision, double> flops_per_s;        // absent: unknown, or the chip lacks it

  std::optional<double> flops(Precision precision) const;
  std::optional<double> memory() const;
};

}  // namespace perfgate
