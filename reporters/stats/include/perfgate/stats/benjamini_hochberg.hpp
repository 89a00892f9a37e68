#pragma once
// False-discovery-rate control across all benchmarks of a run.

#include <span>
#include <vector>

namespace perfgate::stats {

// Benjamini-Hochberg adjusted p-values (q-values), in the input order:
// q_(i) = min over j >= i of (m / j) p_(j), capped at 1, where p_(j) is the
// j-th smallest.  Declaring every test with q < Q a discovery keeps the
// expected share of false discoveries at or below Q.
std::vector<double> benjamini_hochberg(std::span<const double> p_values);

}  // namespace perfgate::stats
