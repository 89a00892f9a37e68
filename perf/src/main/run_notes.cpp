#include "main/run_notes.hpp"

#include <string>
#include <vector>

#include "perfgate/platform/fault_switch.hpp"
#include "runtime/cpu_identity.hpp"

namespace perfgate {

void say_a_shared_machine_may_be_the_cause(Comparison& comparison) {
  if (comparison.reference.kind != ReferenceKind::stored && comparison.reference.kind != ReferenceKind::history) return;
  if (comparison.verdict_counts().count(Verdict::regression) == 0) return;
  const CpuIdentity machine = this_cpu_identity();
  if (!machine.virtual_machine()) return;
  const std::string against = comparison.reference.commit.empty() ? "merge-base" : short_commit(comparison.reference.commit);
  comparison.notes.push_back("this runner is a virtual machine (hypervisor: " + machine.hypervisor +
                             "): other work on the shared machine, not the code, may have made these cases slower "
                             "than the stored reference; measure the reference on this runner instead: perfgate run "
                             "--against " + against + " (the reference built here and measured interleaved with this build)");
}

void say_which_faults_were_planted(Comparison& comparison) {
  const std::vector<std::string> faults = active_fault_switches();
  if (faults.empty()) return;
  std::string list;
  for (const std::string& f : faults) list += (list.empty() ? "" : ", ") + f;
  comparison.notes.push_back("test-only fault switches were in force in this run (" + list +
                             "): its verdicts show what was planted, not how the code performs");
}

}  // namespace perfgate
