#pragma once
// A dense complex double matrix on the host, column-major (the layout
// cuBLAS reads), for the scaling workload's propagator and its reference.

#include <complex>
#include <cstddef>
#include <vector>

namespace perfgate::kernels {

using Complex = std::complex<double>;

struct ComplexMatrix {
  int rows = 0, cols = 0;
  std::vector<Complex> values;  // column-major: (r, c) at r + c * rows

  ComplexMatrix() = default;
  ComplexMatrix(int r, int c) : rows(r), cols(c), values(static_cast<std::size_t>(r) * c) {}
  Complex& at(int r, int c) { return values[static_cast<std::size_t>(r) + static_cast<std::size_t>(c) * rows]; }
  const Complex& at(int r, int c) const { return values[static_cast<std::size_t>(r) + static_cast<std::size_t>(c) * rows]; }
};

ComplexMatrix identity_matrix(int n);
ComplexMatrix multiply(const ComplexMatrix& a, const ComplexMatrix& b);  // a.cols must equal b.rows
ComplexMatrix adjoint(const ComplexMatrix& a);                           // conjugate transpose
// max over entries of |a - b|; infinity when the shapes differ.
double max_abs_difference(const ComplexMatrix& a, const ComplexMatrix& b);
// max over columns of the sum of |entry| (the matrix 1-norm).
double one_norm(const ComplexMatrix& a);

}  // namespace perfgate::kernels
