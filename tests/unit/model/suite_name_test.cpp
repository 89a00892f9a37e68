#include "perfgate/model/suite_name.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

TEST(SuiteName, TheNamesCMakeAcceptsAreAccepted) {
  for (const char* name : {"gemm", "gpu_timing", "my-suite.v2", "A1"}) EXPECT_EQ(suite_name_problem(name), std::nullopt) << name;
}

TEST(SuiteName, NamesThatWouldLeaveTheBaselineFolderAreRefused) {
  for (const char* name : {"", ".", "..", "../nvidia-h100-80gb-hbm3/gemm", "/abs/path", "a/b", "a\\b", "a\ab", "a b",
                           "gemm\n", "caf\xc3\xa9"})
    EXPECT_NE(suite_name_problem(name), std::nullopt) << name;
  EXPECT_NE(suite_name_problem(std::string(300, 'a')), std::nullopt);
}

TEST(SuiteName, ProblemSaysWhatIsAllowed) {
  EXPECT_NE(suite_name_problem("a/b")->find("letters, digits"), std::string::npos);
}

TEST(DeviceSlug, OnlyLowerCaseLettersDigitsAndDashes) {
  EXPECT_EQ(device_slug_problem("nvidia-h100-80gb-hbm3"), std::nullopt);
  for (const char* slug : {"", "..", "../x", "Cpu", "a/b", "a_b"}) EXPECT_NE(device_slug_problem(slug), std::nullopt) << slug;
}

}  // namespace
}  // namespace perfgate
