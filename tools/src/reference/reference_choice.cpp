#include "reference/reference_choice.hpp"

#include "perfgate/platform/errors.hpp"

namespace perfgate::cli {

bool dedicated_from_environment(const Environment& environment) {
  const auto value = environment("PERFGATE_DEDICATED_RUNNER");
  if (!value || value->empty() || *value == "0" || *value == "false" || *value == "no") return false;
  if (*value == "1" || *value == "true" || *value == "yes") return true;
  throw InputError("PERFGATE_DEDICATED_RUNNER=" + *value + ": expected 1, true or yes (or 0, false, no)");
}

AgainstChoice choose_against(const AgainstRequest& request, const Environment& environment, const CpuIdentity& machine) {
  AgainstChoice choice;
  if (!request.against_build.empty()) {
    if (!request.against.empty()) throw InputError("--against and --against-build name two references: give one");
    return {AgainstKind::prebuilt, "", true, "the reference built in " + request.against_build.string() + " (--against-build)"};
  }
  if (!request.against.empty()) {
    choice.explicit_choice = true;
    if (request.against == "stored") return {AgainstKind::stored, "", true, "the stored numbers (--against stored)"};
    if (request.against == "merge-base") return {AgainstKind::merge_base, "", true, "the merge base, built here (--against merge-base)"};
    if (request.against == "baseline")
      return {AgainstKind::baseline, "", true, "each suite's committed baseline's own commit, built here (--against baseline)"};
    return {AgainstKind::revision, request.against, true, request.against + ", built here (--against " + request.against + ")"};
  }
  if (const auto pull = pull_request(environment))
    return {AgainstKind::merge_base, "", false,
            "a pull request (" + pull->service + ": " + pull->variable + "=" + pull->target_branch +
                "): its merge base, built and measured here"};
  if (request.dedicated) {
    std::string why = "a runner declared dedicated: the committed baselines";
    if (machine.virtual_machine())
      why += " (note: a hypervisor runs this machine (" + machine.hypervisor + "); its neighbours move its numbers)";
    return {AgainstKind::stored, "", false, why};
  }
  const std::string what = machine.virtual_machine() ? "a virtual machine (hypervisor: " + machine.hypervisor + ")"
                                                     : "a runner not declared dedicated";
  return {AgainstKind::baseline, "", false,
          what + ": each suite's committed baseline's own commit, rebuilt and measured here (committed numbers gate only "
                 "on a dedicated runner: --dedicated-runner or PERFGATE_DEDICATED_RUNNER=1)"};
}

}  // namespace perfgate::cli
