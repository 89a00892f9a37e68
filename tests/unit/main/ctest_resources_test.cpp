// The suite binary's reading of ctest's resource allocation
// (perf/src/main/ctest_resources.hpp): what ctest writes, what the user set.
#include "main/ctest_resources.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "perfgate/model/errors.hpp"

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
