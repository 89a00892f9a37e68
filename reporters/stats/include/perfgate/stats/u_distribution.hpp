#pragma once
// The exact null distribution of the Mann-Whitney U statistic for sample
// sizes (n, m) without ties: P(U <= u) for u = 0 .. n*m.

#include <cstddef>
#include <memory>
#include <vector>

namespace perfgate::stats {

class UDistribution {
 public:
  // Sizes this class computes exactly; beyond them the normal approximation
  // is accurate.  At 100 x 100 the recurrence takes about 1e8 multiply-adds
  // (80 x 10, 80 x 80 and 100 x 100 together: 0.1 s, 8.5 MB peak on the
  // 2-vCPU VM) and the table kept is n*m + 1 doubles (80 KB).
  static constexpr std::size_t kMaxExactSize = 100;
  // Tables kept at once (least recently used dropped first): a run meets a
  // few size pairs, so this bounds memory (<= 2.5 MB at 100 x 100) without
  // recomputing in practice.
  static constexpr std::size_t kCacheEntries = 32;

  // The distribution for (n, m), computed once per pair and shared.
  static std::shared_ptr<const UDistribution> get(std::size_t n, std::size_t m);

  std::size_t n() const { return n_; }
  std::size_t m() const { return m_; }
  // P(U <= u); 0 for u < 0, 1 for u >= n*m.
  double cdf(double u) const;
  // P(U >= u) = P(U <= n*m - u) by symmetry.
  double upper_tail(double u) const;
  // Largest integer c with P(U <= c) <= alpha, or -1 when even P(U <= 0)
  // exceeds alpha.
  long lower_critical_value(double alpha) const;

 private:
  UDistribution(std::size_t n, std::size_t m);
  std::size_t n_, m_;
  std::vector<double> cdf_;  // cdf_[u] = P(U <= u)
};

}  // namespace perfgate::stats
