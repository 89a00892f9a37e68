#include "perfgate/platform/web_address.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

TEST(WebAddress, AnHttpAddressWithAHostIsALink) {
  EXPECT_EQ(web_address_problem("https://ci.example/job/7"), "");
  EXPECT_EQ(web_address_problem("http://ci.example:8080?run=7#top"), "");
  EXPECT_EQ(web_address_host("https://ci.example:8080/job"), "ci.example:8080");
  EXPECT_EQ(web_address_host("https://ci.example"), "ci.example");
}

TEST(WebAddress, OtherSchemesMissingHostsAndCredentialsAreRefused) {
  EXPECT_EQ(web_address_problem("javascript:alert(1)"), "not an http:// or https:// URL");
  EXPECT_EQ(web_address_problem("ftp://ci.example/x"), "not an http:// or https:// URL");
  EXPECT_EQ(web_address_problem("https:///job/7"), "no host");
  EXPECT_NE(web_address_problem("https://ci:hunter2@ci.example/job").find("user name or password"), std::string::npos);
  EXPECT_NE(web_address_problem("https://token@ci.example").find("user name or password"), std::string::npos);
  // An '@' after the host is a path's, not credentials.
  EXPECT_EQ(web_address_problem("https://ci.example/users/@me"), "");
}

}  // namespace
}  // namespace perfgate
