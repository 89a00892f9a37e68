// Issue 41: a user's --benchmark pattern is matched in bounded time, in the
// syntax of Google Benchmark's own filter (POSIX extended).
#include "perfgate/history/name_pattern.hpp"

#include <gtest/gtest.h>

#include "perfgate/platform/errors.hpp"

namespace perfgate::history {
namespace {

std::string refusal(const std::string& text) {
  try {
    const NamePattern pattern(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(NamePattern, SearchesLikeGoogleBenchmarksFilter) {
  EXPECT_TRUE(NamePattern("").found_in("anything"));
  EXPECT_TRUE(NamePattern("gemm/(bf16|fp8)").found_in("cublas_gemm/bf16/4096"));
  EXPECT_FALSE(NamePattern("^gemm/").found_in("cublas_gemm/bf16/4096"));
  EXPECT_TRUE(NamePattern("^cublas_gemm/[a-z0-9]+/4096$").found_in("cublas_gemm/bf16/4096"));
  EXPECT_TRUE(NamePattern("[]x]").found_in("a]b")) << "']' first in brackets is a member";
}

// A pattern that sends a backtracking engine into exponential time (std::regex
// never returned here) is answered: the matcher keeps state sets.  A name is
// at most 1024 bytes (the loaders refuse longer ones).
TEST(NamePattern, NestedRepetitionsEndOnTheLongestName) {
  const std::string name(1024, 'n');
  EXPECT_FALSE(NamePattern("(n+)+x").found_in(name));
  EXPECT_FALSE(NamePattern("(n|nn)+$x").found_in(name));
  EXPECT_TRUE(NamePattern("(n+)+").found_in(name));
}

TEST(NamePattern, ConstructsWithoutABoundAreRefusedNamingThePattern) {
  EXPECT_NE(refusal("(a)\\1").find("--benchmark '(a)\\1': back-references"), std::string::npos) << refusal("(a)\\1");
  EXPECT_NE(refusal("a{1000}").find("repetition bound above 255"), std::string::npos) << refusal("a{1000}");
  EXPECT_EQ(refusal("(a{200}){200}"), "accepted") << "40,000 characters written out";
  EXPECT_EQ(refusal("^x{3,}y{2,5}$"), "accepted");
  // Within each bound, but 16 million characters written out: regcomp took
  // 22 s and 3.4 GB of memory for it.
  EXPECT_NE(refusal("((a{255}){255}){255}").find("multiply it to more than 65536"), std::string::npos)
      << refusal("((a{255}){255}){255}");
  EXPECT_NE(refusal(std::string(2000, 'a')).find("longer than 1024 bytes"), std::string::npos);
  EXPECT_NE(refusal("(").find("not a regular expression (POSIX extended"), std::string::npos) << refusal("(");
  EXPECT_EQ(refusal("[\\1]"), "accepted") << "inside brackets a backslash is a member";
}

}  // namespace
}  // namespace perfgate::history
