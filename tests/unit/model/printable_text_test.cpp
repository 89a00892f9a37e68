// Issue 41: a message never echoes a character that makes it read other
// than it is (a bidirectional control, an invisible one, a C1 control).
#include <gtest/gtest.h>

#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/utf8.hpp"

namespace perfgate {
namespace {

TEST(PrintableText, BidiAndInvisibleCharactersAreShownAsTheirCodePoints) {
  EXPECT_EQ(printable_text("BM_\u202Egemm"), "BM_\\u202egemm");
  EXPECT_EQ(printable_text("a\u2066b\u2069c"), "a\\u2066b\\u2069c");
  EXPECT_EQ(printable_text("zero\u200Bwidth\uFEFF"), "zero\\u200bwidth\\ufeff");
  EXPECT_EQ(printable_text("tag\U000E0041"), "tag\\U000e0041");
  EXPECT_EQ(printable_text("c1\u0085x"), "c1\\u0085x");
  EXPECT_EQ(printable_text("line\nbreak\x1b[31m"), "line\\x0abreak\\x1b[31m");
}

TEST(PrintableText, OtherTextIsKeptAsItIs) {
  EXPECT_EQ(printable_text("gemm/bf16 \u00e9\u4e2d \u2192 ok"), "gemm/bf16 \u00e9\u4e2d \u2192 ok");
  EXPECT_EQ(printable_text("\xff\xfe"), "\xff\xfe") << "invalid bytes are not characters to escape";
}

TEST(QuoteText, ALongTextIsCutBetweenCharacters) {
  std::string text;
  for (int i = 0; i < 200; ++i) text += "\u4e2d";
  const std::string quoted = quote_text(text);
  EXPECT_EQ(valid_utf8(quoted), quoted);
  EXPECT_NE(quoted.find("..."), std::string::npos);
}

}  // namespace
}  // namespace perfgate
