#include "placeholders.hpp"

#include <gtest/gtest.h>

namespace perfgate::sql {
namespace {

TEST(Placeholders, NumbersEachPlaceholderInOrder) {
  const NumberedStatement numbered = number_placeholders("INSERT INTO t (a, b, c) VALUES (?, ?,?)");
  EXPECT_EQ(numbered.text, "INSERT INTO t (a, b, c) VALUES ($1, $2,$3)");
  EXPECT_EQ(numbered.count, 3);
}

TEST(Placeholders, StatementWithoutPlaceholdersIsUnchanged) {
  const NumberedStatement numbered = number_placeholders("SELECT 1");
  EXPECT_EQ(numbered.text, "SELECT 1");
  EXPECT_EQ(numbered.count, 0);
}

TEST(Placeholders, QuestionMarksInStringsStayLiteral) {
  EXPECT_EQ(number_placeholders("SELECT 'why?', ?").text, "SELECT 'why?', $1");
  // A doubled quote does not end the string.
  EXPECT_EQ(number_placeholders("SELECT 'it''s ?', ?").text, "SELECT 'it''s ?', $1");
  // In an E'...' string \' does not end it either; in a plain one it does.
  EXPECT_EQ(number_placeholders("SELECT E'a\\'?', ?").text, "SELECT E'a\\'?', $1");
  EXPECT_EQ(number_placeholders("SELECT 'a\\', ?").text, "SELECT 'a\\', $1");
  // A name ending in e before a string is no E'...' string.
  EXPECT_EQ(number_placeholders("SELECT name'x\\', ?").text, "SELECT name'x\\', $1");
}

TEST(Placeholders, QuestionMarksInIdentifiersAndCommentsStayLiteral) {
  EXPECT_EQ(number_placeholders("SELECT \"odd?name\" FROM t WHERE a = ?").text,
            "SELECT \"odd?name\" FROM t WHERE a = $1");
  EXPECT_EQ(number_placeholders("SELECT ? -- really?\n, ?").text, "SELECT $1 -- really?\n, $2");
  EXPECT_EQ(number_placeholders("SELECT /* a /* nested? */ b? */ ?").text, "SELECT /* a /* nested? */ b? */ $1");
}

TEST(Placeholders, QuestionMarksInDollarQuotesStayLiteral) {
  EXPECT_EQ(number_placeholders("SELECT $$why?$$, ?").text, "SELECT $$why?$$, $1");
  EXPECT_EQ(number_placeholders("SELECT $body$ $$? $body$, ?").text, "SELECT $body$ $$? $body$, $1");
  // $1 is a parameter and a$b an identifier, neither opens a quote.
  EXPECT_EQ(number_placeholders("SELECT $1, a$b$, ?").text, "SELECT $1, a$b$, $1");
}

TEST(Placeholders, UnterminatedStringKeepsTheRestForTheServerToReport) {
  const NumberedStatement numbered = number_placeholders("SELECT ?, 'open ?");
  EXPECT_EQ(numbered.text, "SELECT $1, 'open ?");
  EXPECT_EQ(numbered.count, 1);
}

}  // namespace
}  // namespace perfgate::sql
