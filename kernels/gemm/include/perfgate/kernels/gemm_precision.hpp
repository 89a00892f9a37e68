#pragma once
// The number formats the GEMM kernels run at, in the kernels' own terms so
// kernels stand on CUDA alone.  The names are perfgate's precision names
// ("fp32", "bf16", ...): the gemm suite and the calibration map perfgate's
// Precision to these through the name, the one key both sides spell the
// same.  Header-only: the calibration uses it without a kernel library.

#include <array>
#include <optional>
#include <string_view>

namespace perfgate::kernels {

enum class GemmPrecision { fp64, fp32, tf32, fp16, bf16 };

inline constexpr std::array<GemmPrecision, 5> kGemmPrecisions = {GemmPrecision::fp64, GemmPrecision::fp32,
                                                                 GemmPrecision::tf32, GemmPrecision::fp16,
                                                                 GemmPrecision::bf16};

inline constexpr const char* name(GemmPrecision precision) {
  switch (precision) {
    case GemmPrecision::fp64: return "fp64";
    case GemmPrecision::fp32: return "fp32";
    case GemmPrecision::tf32: return "tf32";
    case GemmPrecision::fp16: return "fp16";
    case GemmPrecision::bf16: return "bf16";
  }
  return "?";
}

// The GEMM precision called `text`; none for a format cublasGemmEx has no
// GEMM for (fp8 needs cublasLt).
inline std::optional<GemmPrecision> gemm_precision_named(std::string_view text) {
  for (GemmPrecision p : kGemmPrecisions)
    if (text == name(p)) return p;
  return std::nullopt;
}

}  // namespace perfgate::kernels
