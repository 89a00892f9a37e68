// The suite binary's reading of ctest's resource allocation
// (perf/src/main/ctest_resources.hpp): what ctest writes, what the user set.
#include "main/ctest_resources.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace {

using Environment = std::map<std::string, std::string>;

CtestGpuChoice choose(const Environment& environment) {
  return choose_ctest_gpu([&](const char* name) -> const char* {
    const auto found = environment.find(name);
    return found == environment.end() ? nullptr : found->second.c_str();
  });
}

Environment allocated(const std::string& gpus) {
  return {{"CTEST_RESOURCE_GROUP_COUNT", "1"}, {"CTEST_RESOURCE_GROUP_0", "gpus"},
          {"CTEST_RESOURCE_GROUP_0_GPUS", gpus}};
}

std::string error_of(const std::string& value) {
  try {
    parse_ctest_gpu_ids(value, "CTEST_RESOURCE_GROUP_0_GPUS");
  } catch (const InputError& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(CtestResources, ParsesOneGpu) {
  EXPECT_EQ(parse_ctest_gpu_ids("id:3,slots:100", "V"), std::vector<std::string>{"3"});
}

TEST(CtestResources, ParsesSeveralGpusOfOneGroup) {
  EXPECT_EQ(parse_ctest_gpu_ids("id:0,slots:50;id:1,slots:50", "V"), (std::vector<std::string>{"0", "1"}));
}

TEST(CtestResources, KeepsIdsThatAreNotNumbers) {
  EXPECT_EQ(parse_ctest_gpu_ids("id:gpu_a,slots:1", "V"), std::vector<std::string>{"gpu_a"});
}

TEST(CtestResources, MalformedValuesAreOneLineErrorsNamingTheVariable) {
  for (const std::string value : {"", "3", "id:3", "id:,slots:100", "gpu:3,slots:100", "id:3,slots:",
                                  "id:3,slots:0", "id:3,slots:x", "id:3,slots:100;", "id:3,count:100",
                                  "id:3,slots:100,extra"}) {
    const std::string error = error_of(value);
    EXPECT_NE(error, "(no error)") << "'" << value << "'";
    EXPECT_NE(error.find("CTEST_RESOURCE_GROUP_0_GPUS="), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  }
}

TEST(CtestResources, NothingWithoutAnAllocation) {
  const CtestGpuChoice none = choose({});
  EXPECT_FALSE(none.visible_devices);
  EXPECT_FALSE(none.note);
  // A test that asked for other resources only: no GPU group.
  const CtestGpuChoice cpus_only = choose({{"CTEST_RESOURCE_GROUP_COUNT", "1"}, {"CTEST_RESOURCE_GROUP_0", "cpus"}});
  EXPECT_FALSE(cpus_only.visible_devices);
  EXPECT_FALSE(cpus_only.note);
}

TEST(CtestResources, PointsCudaAtTheAllocatedGpu) {
  const CtestGpuChoice choice = choose(allocated("id:2,slots:100"));
  ASSERT_TRUE(choice.visible_devices);
  EXPECT_EQ(*choice.visible_devices, "2");
  EXPECT_FALSE(choice.note);
  EXPECT_EQ(choose(allocated("id:0,slots:50;id:1,slots:50")).visible_devices.value_or(""), "0,1");
}

TEST(CtestResources, TheUsersOwnSettingWinsWithANoteOnce) {
  Environment environment = allocated("id:2,slots:100");
  environment["CUDA_VISIBLE_DEVICES"] = "5";
  const CtestGpuChoice choice = choose(environment);
  EXPECT_FALSE(choice.visible_devices);
  ASSERT_TRUE(choice.note);
  EXPECT_NE(choice.note->find("CUDA_VISIBLE_DEVICES='5'"), std::string::npos) << *choice.note;
  EXPECT_NE(choice.note->find("GPU 2"), std::string::npos) << *choice.note;
  environment["PERFGATE_CTEST_GPU_NOTED"] = "1";  // said by the parent: its workers stay quiet
  EXPECT_FALSE(choose(environment).note);
}

TEST(CtestResources, NarrowsTheUsersListToTheAllocatedGpu) {
  Environment environment = allocated("id:3,slots:100");
  environment["CUDA_VISIBLE_DEVICES"] = "2,3";
  const CtestGpuChoice choice = choose(environment);
  EXPECT_EQ(choice.visible_devices.value_or("(unchanged)"), "3");
  EXPECT_FALSE(choice.note);
  environment["CUDA_VISIBLE_DEVICES"] = "12,13";  // "3" is no entry of it, only a substring
  EXPECT_FALSE(choose(environment).visible_devices);
  EXPECT_TRUE(choose(environment).note);
}

TEST(CtestResources, AWorkerOfAnAppliedAllocationChangesNothing) {
  Environment environment = allocated("id:2,slots:100");
  environment["CUDA_VISIBLE_DEVICES"] = "2";
  const CtestGpuChoice choice = choose(environment);
  EXPECT_FALSE(choice.visible_devices);
  EXPECT_FALSE(choice.note);
}

// What ctest writes for RESOURCE_GROUPS "<n>,gpus:100": one group per GPU.
Environment allocated_groups(const std::vector<std::string>& ids) {
  Environment environment = {{"CTEST_RESOURCE_GROUP_COUNT", std::to_string(ids.size())}};
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const std::string group = "CTEST_RESOURCE_GROUP_" + std::to_string(i);
    environment[group] = "gpus";
    environment[group + "_GPUS"] = "id:" + ids[i] + ",slots:100";
  }
  return environment;
}

TEST(CtestResources, ExportsEveryGroupsGpuInGroupOrder) {
  const CtestGpuChoice choice = choose(allocated_groups({"3", "0", "5", "1"}));
  EXPECT_EQ(choice.visible_devices.value_or("(unchanged)"), "3,0,5,1");
  EXPECT_FALSE(choice.note);
}

TEST(CtestResources, AGpuInTwoGroupsIsListedOnce) {
  // "2,gpus:50" may put both groups on one GPU.
  Environment environment = allocated_groups({"1", "1"});
  environment["CTEST_RESOURCE_GROUP_0_GPUS"] = "id:1,slots:50";
  environment["CTEST_RESOURCE_GROUP_1_GPUS"] = "id:1,slots:50";
  EXPECT_EQ(choose(environment).visible_devices.value_or("(unchanged)"), "1");
}

TEST(CtestResources, GroupsWithoutGpusAreSkipped) {
  Environment environment = allocated_groups({"4", "6"});
  environment["CTEST_RESOURCE_GROUP_COUNT"] = "3";
  environment["CTEST_RESOURCE_GROUP_2"] = "cpus";
  environment["CTEST_RESOURCE_GROUP_2_CPUS"] = "id:0,slots:1";
  EXPECT_EQ(choose(environment).visible_devices.value_or("(unchanged)"), "4,6");
  // ...also when the first group is not a GPU's.
  Environment cpu_first = {{"CTEST_RESOURCE_GROUP_COUNT", "2"},
                           {"CTEST_RESOURCE_GROUP_0", "cpus"},
                           {"CTEST_RESOURCE_GROUP_1", "gpus"},
                           {"CTEST_RESOURCE_GROUP_1_GPUS", "id:7,slots:100"}};
  EXPECT_EQ(choose(cpu_first).visible_devices.value_or("(unchanged)"), "7");
}

TEST(CtestResources, NarrowsTheUsersListToTheAllocatedGpus) {
  Environment environment = allocated_groups({"3", "1"});
  environment["CUDA_VISIBLE_DEVICES"] = "0,1,2,3";
  EXPECT_EQ(choose(environment).visible_devices.value_or("(unchanged)"), "3,1");
  environment["CUDA_VISIBLE_DEVICES"] = "3,1";  // a worker of the applied allocation
  EXPECT_FALSE(choose(environment).visible_devices);
  EXPECT_FALSE(choose(environment).note);
  environment["CUDA_VISIBLE_DEVICES"] = "3";  // the user kept one of them only
  const CtestGpuChoice kept = choose(environment);
  EXPECT_FALSE(kept.visible_devices);
  ASSERT_TRUE(kept.note);
  EXPECT_NE(kept.note->find("GPUs 3,1"), std::string::npos) << *kept.note;
}

TEST(CtestResources, AMalformedGroupOfSeveralNamesItsVariable) {
  Environment environment = allocated_groups({"0", "1"});
  environment["CTEST_RESOURCE_GROUP_1_GPUS"] = "id:1";
  try {
    choose(environment);
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("CTEST_RESOURCE_GROUP_1_GPUS="), std::string::npos) << error.what();
  }
}

TEST(CtestResources, AnAbsurdGroupCountIsAnError) {
  Environment environment = allocated_groups({"0"});
  for (const std::string count : {"0", "-1", "1025", "99999999999999999999"}) {
    environment["CTEST_RESOURCE_GROUP_COUNT"] = count;
    EXPECT_THROW(choose(environment), InputError) << count;
  }
}

TEST(CtestResources, AMalformedCountIsAnError) {
  Environment environment = allocated("id:2,slots:100");
  environment["CTEST_RESOURCE_GROUP_COUNT"] = "two";
  EXPECT_THROW(choose(environment), InputError);
}

TEST(CtestResources, AMalformedAllocationIsAnErrorEvenWhenTheUserChoseTheGpu) {
  Environment environment = allocated("id:2");
  environment["CUDA_VISIBLE_DEVICES"] = "2";
  EXPECT_THROW(choose(environment), InputError);
}

}  // namespace
}  // namespace perfgate
