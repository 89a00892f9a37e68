#pragma once
// Notes a suite run's comparison carries about the conditions it was
// measured in, not about the code: a shared machine, planted faults.

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

// A stored reference's REGRESSION on a virtual machine: the machine's other
// tenants may have made the case slower, not the code; the same-runner A/B
// of `perfgate run --against` measures both sides on this machine.
void say_a_shared_machine_may_be_the_cause(Comparison& comparison);

// Test-only fault switches in force (fault_switch.hpp): the verdicts show
// what was planted.
void say_which_faults_were_planted(Comparison& comparison);

}  // namespace perfgate
