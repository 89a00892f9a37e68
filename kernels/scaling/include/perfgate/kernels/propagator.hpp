#pragma once
// The scaling workload's step operator U = exp(-i H dt), computed once on
// the host in double precision (SuperGrad's dense `expm` path).  exp(A) by
// scaling and squaring: A / 2^s with ||A / 2^s||_1 <= 1/2, its Taylor series
// summed until a term adds less than 1e-18 relative (at most 30 terms), then
// squared s times.  For a Hermitian H the result is unitary to ~1e-14.

#include <cstdint>

#include "perfgate/kernels/complex_matrix.hpp"

namespace perfgate::kernels {

// (G + G^H) / 2 with G's real and imaginary parts uniform in [-1, 1).
ComplexMatrix random_hermitian(int n, std::uint64_t seed);

// exp(a) for any square matrix.
ComplexMatrix matrix_exponential(const ComplexMatrix& a);

// exp(-i h dt).
ComplexMatrix propagator(const ComplexMatrix& h, double dt);

}  // namespace perfgate::kernels
