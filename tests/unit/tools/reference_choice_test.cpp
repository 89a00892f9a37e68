// Issue 40 item 4: what `perfgate run` gates against when --against does
// not say (tools/src/reference/reference_choice.cpp).
#include "reference/reference_choice.hpp"

#include <gtest/gtest.h>

#include <map>

#include "perfgate/platform/errors.hpp"

namespace perfgate::cli {
namespace {

Environment table(std::map<std::string, std::string> variables) {
  return [variables](const std::string& name) -> std::optional<std::string> {
    const auto it = variables.find(name);
    return it == variables.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
}

CpuIdentity machine(const std::string& hypervisor) { return {"AuthenticAMD", 25, 17, 1, 32u << 20, hypervisor}; }

TEST(ReferenceChoice, APullRequestIsJudgedAgainstItsMergeBase) {
  const AgainstChoice choice = choose_against({}, table({{"GITHUB_BASE_REF", "main"}}), machine("none"));
  EXPECT_EQ(choice.kind, AgainstKind::merge_base);
  EXPECT_FALSE(choice.explicit_choice);
  EXPECT_NE(choice.why.find("GITHUB_BASE_REF=main"), std::string::npos) << choice.why;
  EXPECT_EQ(choose_against({"", "", true}, table({{"GITHUB_BASE_REF", "main"}}), machine("none")).kind, AgainstKind::merge_base)
      << "also on a dedicated runner: a pull request is measured against its base on one machine";
}

TEST(ReferenceChoice, CommittedNumbersOnlyOnADedicatedRunner) {
  EXPECT_EQ(choose_against({"", "", true}, table({}), machine("none")).kind, AgainstKind::stored);
  const AgainstChoice vm = choose_against({}, table({}), machine("kvm"));
  EXPECT_EQ(vm.kind, AgainstKind::baseline);
  EXPECT_NE(vm.why.find("virtual machine (hypervisor: kvm)"), std::string::npos) << vm.why;
  const AgainstChoice undeclared = choose_against({}, table({}), machine("none"));
  EXPECT_EQ(undeclared.kind, AgainstKind::baseline) << "nothing declared: not dedicated";
  EXPECT_NE(undeclared.why.find("PERFGATE_DEDICATED_RUNNER=1"), std::string::npos) << undeclared.why;
  EXPECT_NE(choose_against({"", "", true}, table({}), machine("kvm")).why.find("hypervisor"), std::string::npos)
      << "declared dedicated, yet a VM: said";
}

TEST(ReferenceChoice, AnExplicitReferenceWins) {
  EXPECT_EQ(choose_against({"stored"}, table({{"GITHUB_BASE_REF", "main"}}), machine("kvm")).kind, AgainstKind::stored);
  const AgainstChoice revision = choose_against({"v1.2"}, table({}), machine("none"));
  EXPECT_EQ(revision.kind, AgainstKind::revision);
  EXPECT_EQ(revision.revision, "v1.2");
  EXPECT_TRUE(revision.explicit_choice);
  EXPECT_EQ(choose_against({"merge-base"}, table({}), machine("none")).kind, AgainstKind::merge_base);
  EXPECT_EQ(choose_against({"baseline"}, table({}), machine("none")).kind, AgainstKind::baseline);
  EXPECT_EQ(choose_against({"", "artifacts/build"}, table({}), machine("kvm")).kind, AgainstKind::prebuilt);
  EXPECT_THROW(choose_against({"main", "artifacts/build"}, table({}), machine("kvm")), InputError);
}

TEST(ReferenceChoice, TheDedicatedSwitchFromTheEnvironment) {
  EXPECT_FALSE(dedicated_from_environment(table({})));
  EXPECT_TRUE(dedicated_from_environment(table({{"PERFGATE_DEDICATED_RUNNER", "1"}})));
  EXPECT_FALSE(dedicated_from_environment(table({{"PERFGATE_DEDICATED_RUNNER", "false"}})));
  EXPECT_THROW(dedicated_from_environment(table({{"PERFGATE_DEDICATED_RUNNER", "maybe"}})), InputError);
}

}  // namespace
}  // namespace perfgate::cli
