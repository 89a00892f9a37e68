// Trend pages' file names: safe whatever the benchmark is called, and one
// per series.

#include <gtest/gtest.h>

#include <regex>

#include "perfgate/dashboard/page_name.hpp"

namespace perfgate::dashboard {
namespace {

TEST(PageName, IsASafeSlugPlusAHash) {
  const std::string name = series_page_name({"gemm", "h100", "gemm/bf16/8192 x 8192 \"tiled\" \xC3\xA9t\xC3\xA9"});
  EXPECT_TRUE(std::regex_match(name, std::regex("series/[A-Za-z0-9._-]+-[0-9a-f]{20}\\.html"))) << name;
  EXPECT_EQ(name.rfind("series/gemm-bf16-8192-x-8192-tiled-t-", 0), 0u) << name;
}

TEST(PageName, NamesThatSanitizeAlikeGetTwoFiles) {
  EXPECT_NE(series_page_name({"s", "t", "a/b"}), series_page_name({"s", "t", "a b"}));
  EXPECT_NE(series_page_name({"s", "t1", "a"}), series_page_name({"s", "t2", "a"}));
  EXPECT_EQ(series_page_name({"s", "t", "a"}), series_page_name({"s", "t", "a"}));
  // Each part with its length: the same bytes split otherwise are another series.
  EXPECT_NE(series_page_name({"s", "t/a", "b"}), series_page_name({"s", "t", "a/b"}));
}

// 80 bits of SHA-256 over "1:s;1:t;1:a;" (hashlib.sha256(...).hexdigest()[:20]):
// a 32-bit name gave a colliding benchmark name in 30 s; this one does not.
TEST(PageName, TheHashIsSha256OfTheKey) {
  EXPECT_EQ(series_page_name({"s", "t", "a"}), "series/a-d9a41bec4493439377e7.html");
}

TEST(PageName, NoHiddenFileNoEmptySlugNoLongName) {
  EXPECT_EQ(series_page_name({"s", "t", "../.."}).rfind("series/series-", 0), 0u);
  EXPECT_LE(series_page_name({"s", "t", std::string(500, 'x')}).size(), std::string("series/").size() + 60 + 1 + 20 + 5);
}

}  // namespace
}  // namespace perfgate::dashboard
