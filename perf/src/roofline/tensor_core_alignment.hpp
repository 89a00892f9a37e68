#pragma once
// How well a matrix shape suits tensor cores, whose tiles want dimensions in
// multiples of 16 bytes' worth of elements (cuBLAS pads or falls back to
// slower kernels otherwise).

#include <cstdint>
#include <initializer_list>

namespace perfgate {

// 1.0 when every dimension is a multiple of 16, 0.7 when every one is a
// multiple of 8, else 0.  An empty or non-positive shape scores 0.
double tensor_core_alignment(std::initializer_list<std::int64_t> dims);

}  // namespace perfgate
