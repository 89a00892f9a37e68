#pragma once
// The Gaussian kernel of the KDE, N(x | mu, sigma) =
// exp(-0.5 ((x - mu) / sigma)^2) / (sigma sqrt(2 pi)), and its product over
// dimensions (the original's kde_distance), for the float64 CPU reference
// and the GPU reference kernel alike.

#include <cmath>

#include "perfgate/kernels/host_device.hpp"

namespace perfgate::kernels {

inline constexpr double kSqrtTwoPi = 2.50662827463100050242;

PERFGATE_HOST_DEVICE inline double gaussian(double x, double mu, double sigma) {
  const double z = (x - mu) / sigma;
  return exp(-0.5 * z * z) / (sigma * kSqrtTwoPi);
}

PERFGATE_HOST_DEVICE inline float gaussian(float x, float mu, float sigma) {
  const float z = (x - mu) / sigma;
  return expf(-0.5f * z * z) / (sigma * static_cast<float>(kSqrtTwoPi));
}

// prod_d N(x[d] | mu[d], sigma): one exp per dimension, as the reference
// variants evaluate it.
template <class T, class In>
PERFGATE_HOST_DEVICE inline T gaussian_product(const In* x, const In* mu, int dims, T sigma) {
  T product = T(1);
  for (int d = 0; d < dims; ++d) product *= gaussian(static_cast<T>(x[d]), static_cast<T>(mu[d]), sigma);
  return product;
}

// log of the normalisation of a `dims`-dimensional isotropic Gaussian:
// -dims log(sigma sqrt(2 pi)).
PERFGATE_HOST_DEVICE inline float gaussian_log_norm(int dims, float sigma) {
  return -static_cast<float>(dims) * logf(sigma * static_cast<float>(kSqrtTwoPi));
}

}  // namespace perfgate::kernels
