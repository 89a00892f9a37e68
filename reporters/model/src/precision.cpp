#include "perfgate/model/precision.hpp"

namespace perfgate {

const char* to_string(Precision precision) {
  switch (precision) {
    case Precision::fp64: return "fp64";
    case Precision::fp32: return "fp32";
    case Precision::tf32: return "tf32";
    case Precision::fp16: return "fp16";
    case Precision::bf16: return "bf16";
    case Precision::fp8: return "fp8";
  }
  return "fp32";
}

std::optional<Precision> precision_from_string(std::string_view text) {
  for (Precision p : kAllPrecisions)
    if (text == to_string(p)) return p;
  return std::nullopt;
}

}  // namespace perfgate
