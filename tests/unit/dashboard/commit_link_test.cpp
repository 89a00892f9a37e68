// --commit-url: a template checked once, each commit put in percent-encoded,
// and plain text without one; --compare-url the same for a range of commits.

#include <gtest/gtest.h>

#include "perfgate/dashboard/commit_link.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate::dashboard {
namespace {

TEST(CommitLink, ATemplateGivesEachCommitItsUrl) {
  const CommitLink link = CommitLink::from_template("https://git.example.org/org/repo/commit/{commit}");
  EXPECT_TRUE(link.enabled());
  EXPECT_EQ(link.url("0123abcd"), "https://git.example.org/org/repo/commit/0123abcd");
  EXPECT_EQ(CommitLink::from_template("http://h/{commit}?diff={commit}").url("a1"), "http://h/a1?diff=a1");
  EXPECT_EQ(link.html("0123abcd", "0123"),
            "<a class=\"commit\" href=\"https://git.example.org/org/repo/commit/0123abcd\">0123</a>");
}

TEST(CommitLink, ACommitIsPercentEncodedInItsUrl) {
  const CommitLink link = CommitLink::from_template("https://h/c/{commit}");
  EXPECT_EQ(link.url("a/b c\"<&>'~"), "https://h/c/a%2Fb%20c%22%3C%26%3E%27~");
  EXPECT_EQ(percent_encode("\xC3\xA9-._~!*()"), "%C3%A9-._~%21%2A%28%29");
}

TEST(CommitLink, WithoutATemplateCommitsArePlainText) {
  const CommitLink none;
  EXPECT_FALSE(none.enabled());
  EXPECT_EQ(none.url("abc"), "");
  EXPECT_EQ(none.html("abc", "<abc>"), "&lt;abc&gt;");
}

void expect_refused(const std::string& url_template, const std::string& says) {
  try {
    CommitLink::from_template(url_template);
    ADD_FAILURE() << url_template << " was taken";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("--commit-url"), std::string::npos) << message;
    EXPECT_NE(message.find(says), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << "one line: " << message;
  }
}

TEST(CommitLink, ABadTemplateIsRefusedNamingTheFlag) {
  expect_refused("https://host/org/repo/commit/", "no {commit}");
  expect_refused("ftp://host/{commit}", "not an http:// or https:// URL");
  expect_refused("javascript:alert(1)//{commit}", "not an http:// or https:// URL");
  expect_refused("https:///{commit}", "no host");
  expect_refused("https://{commit}/x", "no host");
  expect_refused("https://host/a b/{commit}", "a space, quote");
  expect_refused("https://host/\"onmouseover=x/{commit}", "a space, quote");
  expect_refused("https://host/<b>/{commit}", "a space, quote");
}

TEST(CompareLink, ATemplateGivesEachRangeItsUrlPercentEncoded) {
  const CompareLink link = CompareLink::from_template("https://git.example.org/org/repo/compare/{from}...{to}");
  EXPECT_TRUE(link.enabled());
  EXPECT_EQ(link.url("c19", "c20"), "https://git.example.org/org/repo/compare/c19...c20");
  EXPECT_EQ(link.url("a/b", "{to}"), "https://git.example.org/org/repo/compare/a%2Fb...%7Bto%7D")
      << "a value is never read as a placeholder";
  EXPECT_EQ(CompareLink{}.url("a", "b"), "");
  EXPECT_FALSE(CompareLink{}.enabled());
}

TEST(CompareLink, ABadTemplateIsRefusedNamingTheFlag) {
  for (const auto& [bad, says] : {std::pair<std::string, std::string>{"https://h/compare/{from}", "no {to}"},
                                  {"https://h/compare/{to}", "no {from}"},
                                  {"https://h/compare/{commit}", "no {from}"},
                                  {"file:///{from}...{to}", "not an http:// or https:// URL"},
                                  {"https://{from}/{to}", "no host"},
                                  {"https://h/c/{from}..{to} x", "a space, quote"}}) {
    try {
      CompareLink::from_template(bad);
      ADD_FAILURE() << bad << " was taken";
    } catch (const InputError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("--compare-url"), std::string::npos) << message;
      EXPECT_NE(message.find(says), std::string::npos) << message;
      EXPECT_NE(message.find("{from}...{to}"), std::string::npos) << "its example: " << message;
    }
  }
}

}  // namespace
}  // namespace perfgate::dashboard
