#include "perfgate/model/ceilings.hpp"

namespace perfgate {

const char* to_string(CeilingSource source) {
  return source == CeilingSource::measured ? "measured" : "theoretical";
}

std::optional<double> Ceilings::flops(Precision precision) const {
  const auto it = flops_per_s.find(precision);
  if (it == flops_per_s.end() || !(it->second > 0)) return std::nullopt;
  return it->second;
}

std::optional<double> Ceilings::memory() const {
  if (!(memory_bytes_per_s > 0)) return std::nullopt;
  return memory_bytes_per_s;
}

}  // namespace perfgate
