#include "perfgate/kernels/norm_error.hpp"

#include <cmath>
#include <limits>

namespace perfgate::kernels {

double relative_norm_error(std::span<const float> got, std::span<const double> want) {
  if (got.size() != want.size()) return std::numeric_limits<double>::infinity();
  double difference = 0.0, reference = 0.0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double d = static_cast<double>(got[i]) - want[i];
    difference += d * d;
    reference += want[i] * want[i];
  }
  if (reference == 0.0) return std::numeric_limits<double>::infinity();
  return std::sqrt(difference / reference);
}

}  // namespace perfgate::kernels
