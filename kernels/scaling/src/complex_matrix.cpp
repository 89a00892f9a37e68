#include "perfgate/kernels/complex_matrix.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace perfgate::kernels {

ComplexMatrix identity_matrix(int n) {
  ComplexMatrix m(n, n);
  for (int i = 0; i < n; ++i) m.at(i, i) = 1.0;
  return m;
}

// The products written out in real arithmetic: std::complex's operator*
// checks for infinities and NaN (C99 Annex G) through a library call per
// product, ten times slower, and U for d = 256 takes some twenty products.
ComplexMatrix multiply(const ComplexMatrix& a, const ComplexMatrix& b) {
  ComplexMatrix c(a.rows, b.cols);
  std::vector<double> re(static_cast<std::size_t>(a.rows)), im(static_cast<std::size_t>(a.rows));
  for (int j = 0; j < b.cols; ++j) {
    std::fill(re.begin(), re.end(), 0.0);
    std::fill(im.begin(), im.end(), 0.0);
    for (int k = 0; k < a.cols; ++k) {
      const double br = b.at(k, j).real(), bi = b.at(k, j).imag();
      const Complex* column = &a.at(0, k);
      for (int i = 0; i < a.rows; ++i) {
        const double ar = column[i].real(), ai = column[i].imag();
        re[static_cast<std::size_t>(i)] += ar * br - ai * bi;
        im[static_cast<std::size_t>(i)] += ar * bi + ai * br;
      }
    }
    for (int i = 0; i < a.rows; ++i) c.at(i, j) = Complex(re[static_cast<std::size_t>(i)], im[static_cast<std::size_t>(i)]);
  }
  return c;
}

ComplexMatrix adjoint(const ComplexMatrix& a) {
  ComplexMatrix t(a.cols, a.rows);
  for (int j = 0; j < a.cols; ++j)
    for (int i = 0; i < a.rows; ++i) t.at(j, i) = std::conj(a.at(i, j));
  return t;
}

double max_abs_difference(const ComplexMatrix& a, const ComplexMatrix& b) {
  if (a.rows != b.rows || a.cols != b.cols) return std::numeric_limits<double>::infinity();
  double worst = 0.0;
  for (std::size_t i = 0; i < a.values.size(); ++i) worst = std::max(worst, std::abs(a.values[i] - b.values[i]));
  return worst;
}

double one_norm(const ComplexMatrix& a) {
  double largest = 0.0;
  for (int j = 0; j < a.cols; ++j) {
    double column = 0.0;
    for (int i = 0; i < a.rows; ++i) column += std::abs(a.at(i, j));
    largest = std::max(largest, column);
  }
  return largest;
}

}  // namespace perfgate::kernels
