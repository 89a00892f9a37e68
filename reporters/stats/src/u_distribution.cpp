#include "perfgate/stats/u_distribution.hpp"

#include <algorithm>
#include <cmath>
#include <list>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>

namespace perfgate::stats {
namespace {

// Probability mass of U for sizes (n, m) by the recurrence
//   p(u; i, j) = i/(i+j) p(u - j; i-1, j) + j/(i+j) p(u; i, j-1),
// (the largest of the i+j values belongs to the first sample with
// probability i/(i+j), and then exceeds all j values of the second).
// Working in probabilities rather than counts keeps every term in [0, 1].
std::vector<double> u_mass(std::size_t n, std::size_t m) {
  // row[j] holds the mass for (i, j) while row i is built from row i-1.
  std::vector<std::vector<double>> previous(m + 1), current(m + 1);
  for (std::size_t j = 0; j <= m; ++j) previous[j] = {1.0};  // i = 0: U = 0
  for (std::size_t i = 1; i <= n; ++i) {
    current[0] = {1.0};  // j = 0: U = 0
    for (std::size_t j = 1; j <= m; ++j) {
      std::vector<double>& mass = current[j];
      mass.assign(i * j + 1, 0.0);
      const double a = static_cast<double>(i) / static_cast<double>(i + j);
      const std::vector<double>& left = previous[j];   // (i-1, j), shifted by j
      const std::vector<double>& down = current[j - 1];  // (i, j-1)
      for (std::size_t u = 0; u < left.size(); ++u) mass[u + j] += a * left[u];
      for (std::size_t u = 0; u < down.size(); ++u) mass[u] += (1.0 - a) * down[u];
    }
    std::swap(previous, current);
  }
  return previous[m];
}

}  // namespace

UDistribution::UDistribution(std::size_t n, std::size_t m) : n_(n), m_(m) {
  const std::vector<double> mass = u_mass(n, m);
  cdf_.resize(mass.size());
  double total = 0.0;
  for (std::size_t u = 0; u < mass.size(); ++u) cdf_[u] = (total += mass[u]);
  for (double& c : cdf_) c = std::min(1.0, c / total);
}

std::shared_ptr<const UDistribution> UDistribution::get(std::size_t n, std::size_t m) {
  if (n == 0 || m == 0 || n > kMaxExactSize || m > kMaxExactSize)
    throw std::out_of_range("exact U distribution needs 1 <= n, m <= " + std::to_string(kMaxExactSize));
  // Most recently used first.  Computed under the lock: two threads asking
  // for the same new size must not both pay ~0.1 s.
  static std::mutex mutex;
  static std::list<std::shared_ptr<const UDistribution>> cache;
  const std::lock_guard lock(mutex);
  const auto hit = std::find_if(cache.begin(), cache.end(), [&](const auto& d) { return d->n_ == n && d->m_ == m; });
  if (hit != cache.end()) {
    cache.splice(cache.begin(), cache, hit);
    return cache.front();
  }
  cache.emplace_front(new UDistribution(n, m));
  if (cache.size() > kCacheEntries) cache.pop_back();
  return cache.front();
}

double UDistribution::cdf(double u) const {
  if (u < 0) return 0.0;
  const double k = std::floor(u);
  if (k >= static_cast<double>(cdf_.size() - 1)) return 1.0;
  return cdf_[static_cast<std::size_t>(k)];
}

double UDistribution::upper_tail(double u) const {
  return cdf(static_cast<double>(n_ * m_) - u);
}

long UDistribution::lower_critical_value(double alpha) const {
  long c = -1;
  for (std::size_t u = 0; u < cdf_.size() && cdf_[u] <= alpha; ++u) c = static_cast<long>(u);
  return c;
}

}  // namespace perfgate::stats
