// Text made safe for XML: plain ASCII is escaped without being decoded
// (the fast path), anything else is made legal first; both give the same
// escapes.

#include "perfgate/reports/xml_text.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

TEST(XmlText, EscapesEachSpecialCharacterWhereverItIs) {
  EXPECT_EQ(xml_escape_text("a<b>&c\"d'e\tf\ng"), "a&lt;b&gt;&amp;c\"d'e\tf\ng");
  EXPECT_EQ(xml_escape_attribute("a<b>&c\"d'e\tf\ng\r"), "a&lt;b&gt;&amp;c&quot;d&apos;e&#9;f&#10;g&#13;");
  EXPECT_EQ(xml_escape_text("&"), "&amp;");
  EXPECT_EQ(xml_escape_text("plain text, 1.5x"), "plain text, 1.5x");
  EXPECT_EQ(xml_escape_text(""), "");
}

TEST(XmlText, OtherTextIsMadeLegalThenEscapedTheSameWay) {
  EXPECT_EQ(xml_escape_text("\xce\xbc" "s<1\x01"), "\xce\xbc" "s&lt;1");        // UTF-8 kept, a control removed
  EXPECT_EQ(xml_escape_attribute("bad \xff & \"q\""), "bad \xef\xbf\xbd &amp; &quot;q&quot;");  // U+FFFD
  EXPECT_EQ(xml_legal("del\x7f ok"), "del\x7f ok");
  EXPECT_EQ(xml_legal("\x0b\x0c"), "");
}

}  // namespace
}  // namespace perfgate
