#include "roofline/tensor_core_alignment.hpp"

#include <algorithm>

namespace perfgate {

double tensor_core_alignment(std::initializer_list<std::int64_t> dims) {
  if (dims.size() == 0 || std::any_of(dims.begin(), dims.end(), [](std::int64_t d) { return d <= 0; })) return 0.0;
  const auto all_multiples_of = [&](std::int64_t m) {
    return std::all_of(dims.begin(), dims.end(), [m](std::int64_t d) { return d % m == 0; });
  };
  if (all_multiples_of(16)) return 1.0;
  if (all_multiples_of(8)) return 0.7;
  return 0.0;
}

}  // namespace perfgate
