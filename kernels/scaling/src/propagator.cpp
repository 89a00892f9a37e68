#include "perfgate/kernels/propagator.hpp"

#include <cmath>
#include <random>

namespace perfgate::kernels {
namespace {

constexpr double kScaledNorm = 0.5;   // ||A / 2^s||_1 at most this: the series converges in ~20 terms
constexpr int kMaxTerms = 30;
constexpr double kTermTolerance = 1e-18;

ComplexMatrix scaled(const ComplexMatrix& a, Complex factor) {
  ComplexMatrix b = a;
  for (Complex& v : b.values) v *= factor;
  return b;
}

void add_to(ComplexMatrix& sum, const ComplexMatrix& term) {
  for (std::size_t i = 0; i < sum.values.size(); ++i) sum.values[i] += term.values[i];
}

// sum over k of a^k / k! for a small ||a||.
ComplexMatrix taylor_exponential(const ComplexMatrix& a) {
  ComplexMatrix sum = identity_matrix(a.rows);
  ComplexMatrix term = sum;
  for (int k = 1; k <= kMaxTerms; ++k) {
    term = scaled(multiply(term, a), 1.0 / k);
    add_to(sum, term);
    if (one_norm(term) < kTermTolerance * one_norm(sum)) break;
  }
  return sum;
}

}  // namespace

ComplexMatrix random_hermitian(int n, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  ComplexMatrix g(n, n);
  for (Complex& v : g.values) v = Complex(uniform(engine), uniform(engine));
  ComplexMatrix h = adjoint(g);
  add_to(h, g);
  return scaled(h, 0.5);
}

ComplexMatrix matrix_exponential(const ComplexMatrix& a) {
  const double norm = one_norm(a);
  const int squarings = norm > kScaledNorm ? static_cast<int>(std::ceil(std::log2(norm / kScaledNorm))) : 0;
  ComplexMatrix result = taylor_exponential(scaled(a, std::ldexp(1.0, -squarings)));
  for (int i = 0; i < squarings; ++i) result = multiply(result, result);
  return result;
}

ComplexMatrix propagator(const ComplexMatrix& h, double dt) {
  return matrix_exponential(scaled(h, Complex(0.0, -dt)));
}

}  // namespace perfgate::kernels
