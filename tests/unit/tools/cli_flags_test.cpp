// The CLI's shared flag group (tools/src/cli_flags.hpp, issue 42): one name
// and help per flag, and an old spelling that still sets the value, hides,
// and says the new name on stderr.

#include "cli_flags.hpp"

#include <gtest/gtest.h>

namespace perfgate::cli {
namespace {

constexpr CliFlag kFlag{"--history", "URL: the run history"};

TEST(CliFlags, ASharedOptionHasTheOneNameAndHelpAndThisCommandsUse) {
  CLI::App app{"t"};
  std::string url;
  const CLI::Option* option = add_shared_option(app, kFlag, url, "record the run there");
  EXPECT_EQ(option->get_name(), "--history");
  EXPECT_EQ(option->get_description(), "URL: the run history; record the run there");
  std::string other;
  EXPECT_EQ(add_shared_option(app, CliFlag{"--other", "plain"}, other)->get_description(), "plain");
}

TEST(CliFlags, AnOldSpellingSetsTheSameValueHiddenWithOneNote) {
  CLI::App app{"t"};
  std::string url;
  add_shared_option(app, kFlag, url);
  const CLI::Option* old = add_old_spelling(app, "--db", kFlag, url);
  EXPECT_TRUE(old->get_group().empty()) << "hidden from --help, completion and the man page";
  ::testing::internal::CaptureStderr();
  app.parse("--db h.sqlite", false);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(),
            "perfgate: note: --db is now --history; the old spelling goes in the next release\n");
  EXPECT_EQ(url, "h.sqlite");
}

TEST(CliFlags, TheNewSpellingPrintsNoNote) {
  CLI::App app{"t"};
  std::string url;
  add_shared_option(app, kFlag, url);
  add_old_spelling(app, "--db", kFlag, url);
  ::testing::internal::CaptureStderr();
  app.parse("--history h.sqlite", false);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(url, "h.sqlite");
}

}  // namespace
}  // namespace perfgate::cli
