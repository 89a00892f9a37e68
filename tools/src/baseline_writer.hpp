#pragma once
// Writing a baseline, the same way for `baseline update` (fresh runs of a
// suite) and `baseline promote` (results files already measured): through
// the BaselineStore, showing what moved against the old baseline.

#include <vector>

#include "perfgate/baselines/baseline_store.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate::cli {

// `store.write()` of these rounds, printing what moved against the old
// baseline (for review) and what was written.  With `append`, an old
// baseline from a device the gate calls incomparable is an InputError: its
// rounds and the new ones describe no one machine.
void write_baseline(BaselineStore& store, const std::vector<Results>& rounds, const BaselineWrite& how);

}  // namespace perfgate::cli
