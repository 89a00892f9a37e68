#!/usr/bin/env python3
"""Reference values for tests/unit/stats/mann_whitney_test.cpp, computed with
Python's big integers and exact fractions, independently of the C++ recurrence.

The number of arrangements of n values of one sample and m of the other with
U = u is the coefficient of q^u in the Gaussian binomial coefficient
  [n + m choose n]_q = prod_{k=1..n} (1 - q^(m+k)) / (1 - q^k)
(Mann & Whitney 1947; Andrews, The Theory of Partitions, ch. 3).  Each
factor is applied exactly: multiplying by (1 - q^a) and dividing by
(1 - q^k) (a running sum with stride k) on integer coefficient lists.
Run: python3 tests/unit/stats/u_exact_reference.py
"""
from fractions import Fraction
from math import comb, erfc, sqrt


def u_counts(n, m):
    poly = [1]
    for k in range(1, n + 1):
        a = m + k
        grown = poly + [0] * a
        for i in range(len(poly)):
            grown[i + a] -= poly[i]
        for i in range(k, len(grown)):  # divide by (1 - q^k): exact
            grown[i] += grown[i - k]
        poly = grown[: n * m + 1]
    assert sum(poly) == comb(n + m, n) and len(poly) == n * m + 1
    return poly


def cdf(counts, u):
    return Fraction(sum(counts[: u + 1]), sum(counts))


def lower_critical(counts, alpha):
    total, run, c = sum(counts), 0, -1
    for u, x in enumerate(counts):
        run += x
        if Fraction(run, total) <= alpha:
            c = u
        else:
            break
    return c


def two_sided_p(counts, u, n, m):
    lower = cdf(counts, u)
    upper = cdf(counts, n * m - u)
    return min(Fraction(1), 2 * min(lower, upper))


def u_statistic(base, cur):
    return sum(1.0 if c > b else 0.5 if c == b else 0.0 for c in cur for b in base)


def normal_p(u, n, m, pooled=()):  # scipy "asymptotic": tie correction, continuity correction 0.5
    from collections import Counter
    ties = sum(t ** 3 - t for t in Counter(pooled).values())
    total = n + m
    sd = sqrt(n * m / 12.0 * ((total + 1) - ties / (total * (total - 1))))
    return min(1.0, erfc(max(0.0, abs(u - n * m / 2) - 0.5) / sd / sqrt(2)))


if __name__ == "__main__":
    for n, m in [(80, 10), (80, 80), (100, 100)]:
        c = u_counts(n, m)
        k025, k005 = lower_critical(c, Fraction(1, 40)), lower_critical(c, Fraction(1, 200))
        print(f"({n},{m}) crit(0.025)={k025} crit(0.005)={k005}")
        for u in [0, 1, k025, k025 + 1, k005, n * m // 4, n * m // 2]:
            print(f"  P(U <= {u}) = {float(cdf(c, u)):.17g}")
    # The data of MannWhitney.SixtyAgainstSixtyIsExact: base i*1.01, cur i+3.3.
    base = [i * 1.01 for i in range(60)]
    cur = [i + 3.3 for i in range(60)]
    u = u_statistic(base, cur)
    print(f"60x60 U = {u} exact p = {float(two_sided_p(u_counts(60, 60), int(u), 60, 60)):.17g} "
          f"normal p = {normal_p(u, 60, 60, base + cur):.17g}")
    base = [i * 1.01 for i in range(120)]
    cur = [i + 3.3 for i in range(120)]
    u = u_statistic(base, cur)
    print(f"120x120 U = {u} normal p = {normal_p(u, 120, 120, base + cur):.17g}")
    # MannWhitney.ExactUpToOneHundredASide: base 0..n-1, current shifted by d + 0.5 (no ties).
    for n, d in [(80, 9), (100, 12)]:
        base = list(range(n))
        cur = [i + d + 0.5 for i in range(n)]
        u = u_statistic(base, cur)
        print(f"{n}x{n} shift {d}.5: U = {u} exact p = {float(two_sided_p(u_counts(n, n), int(u), n, n)):.17g}")
