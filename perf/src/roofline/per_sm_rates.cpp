#include "roofline/per_sm_rates.hpp"

#include <array>
#include <string_view>

namespace perfgate {
namespace {

struct ChipRates {
  std::string_view compute_capability;
  // fp64, fp32, tf32, fp16, bf16, fp8 (the order of Precision); 0 = none.
  std::array<double, 6> flops_per_clock;
  std::string_view example;  // the chip the row was checked against
};

constexpr std::array<ChipRates, 6> kChips = {{
    {"7.0", {64, 128, 0, 1024, 0, 0}, "V100"},
    {"7.5", {4, 128, 0, 1024, 0, 0}, "T4"},
    {"8.0", {128, 128, 1024, 2048, 2048, 0}, "A100 (FP64 on tensor cores)"},
    {"8.6", {4, 256, 512, 1024, 1024, 0}, "A40, A10"},
    {"8.9", {4, 256, 512, 1024, 1024, 2048}, "L40S, L4"},
    {"9.0", {256, 256, 2048, 4096, 4096, 8192}, "H100, H200 (FP64 on tensor cores)"},
}};

}  // namespace

std::optional<double> flops_per_sm_per_clock(const std::string& compute_capability, Precision precision) {
  for (const ChipRates& chip : kChips) {
    if (chip.compute_capability != compute_capability) continue;
    const double rate = chip.flops_per_clock[static_cast<std::size_t>(precision)];
    if (rate > 0) return rate;
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace perfgate
