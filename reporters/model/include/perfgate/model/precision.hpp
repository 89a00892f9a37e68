#pragma once
// The number formats a compute ceiling is quoted for.

#include <array>
#include <optional>
#include <string_view>

namespace perfgate {

enum class Precision { fp64, fp32, tf32, fp16, bf16, fp8 };

inline constexpr std::array<Precision, 6> kAllPrecisions = {Precision::fp64, Precision::fp32, Precision::tf32,
                                                            Precision::fp16, Precision::bf16, Precision::fp8};

// "fp64", "fp32", "tf32", "fp16", "bf16", "fp8".
const char* to_string(Precision precision);
std::optional<Precision> precision_from_string(std::string_view text);

}  // namespace perfgate
