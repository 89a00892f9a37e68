// Trend pages' file names: safe whatever the benchmark is called, and one
// per series.

#include <gtest/gtest.h>

#include <regex>

#include "perfgate/dashboard/page_name.hpp"

namespace perfgate::dashboard {
namespace {

TEST(PageName, IsASafeSlugPlusAHash) {
  const std::string name = series_page_name({"gemm", "h100", "gemm/bf16/8192 x 8192 \"tiled\" \xC3\xA9t\xC3\xA9"});
  EXPECT_TRUE(std::regex_match(name, std::regex("series/[A-Za-z0-9._-]+-[0-9a-f]{8}\\.html"))) << name;
  EXPECT_EQ(name.rfind("series/gemm-bf16-8192-x-8192-tiled-t-", 0), 0u) << name;
}

TEST(PageName, NamesThatSanitizeAlikeGetTwoFiles) {
  EXPECT_NE(series_page_name({"s", "t", "a/b"}), series_page_name({"s", "t", "a b"}));
  EXPECT_NE(series_page_name({"s", "t1", "a"}), series_page_name({"s", "t2", "a"}));
  EXPECT_EQ(series_page_name({"s", "t", "a"}), series_page_name({"s", "t", "a"}));
}

TEST(PageName, NoHiddenFileNoEmptySlugNoLongName) {
  EXPECT_EQ(series_page_name({"s", "t", "../.."}).rfind("series/series-", 0), 0u);
  EXPECT_LE(series_page_name({"s", "t", std::string(500, 'x')}).size(), std::string("series/").size() + 60 + 1 + 8 + 5);
}

}  // namespace
}  // namespace perfgate::dashboard
