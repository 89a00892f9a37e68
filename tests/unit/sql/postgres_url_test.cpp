#include "postgres_url.hpp"

#include <gtest/gtest.h>

namespace perfgate::sql {
namespace {

TEST(PostgresUrl, RecognisesBothSchemesAndTheKeyValueForm) {
  EXPECT_TRUE(is_postgres_url("postgresql://host/db"));
  EXPECT_TRUE(is_postgres_url("postgres://host/db"));
  EXPECT_TRUE(is_postgres_url("postgresql:host=h dbname=db"));
  EXPECT_FALSE(is_postgres_url("history.db"));
  EXPECT_FALSE(is_postgres_url("/var/lib/perfgate/postgresql.db"));
}

TEST(PostgresUrl, ConninfoIsTheUrlOrTheKeyValueString) {
  EXPECT_EQ(postgres_conninfo("postgres://host/db"), "postgres://host/db");
  EXPECT_EQ(postgres_conninfo("postgresql:host=h dbname=db"), "host=h dbname=db");
}

TEST(PostgresUrl, PasswordInTheUserPartIsLeftOut) {
  EXPECT_EQ(without_password("postgresql://ci:s3cret@db.example:5432/perf"), "postgresql://ci@db.example:5432/perf");
  EXPECT_EQ(without_password("postgresql://ci@host/perf"), "postgresql://ci@host/perf");
  EXPECT_EQ(without_password("postgresql://host/perf"), "postgresql://host/perf");
  // A password holding '@' (not percent-encoded) still goes.
  EXPECT_EQ(without_password("postgres://ci:p@ss@host/perf"), "postgres://ci@host/perf");
}

TEST(PostgresUrl, PasswordParameterIsLeftOut) {
  EXPECT_EQ(without_password("postgresql:///perf?host=/run/pg&password=s3cret&user=ci"),
            "postgresql:///perf?host=/run/pg&user=ci");
  EXPECT_EQ(without_password("postgresql://host/perf?password=s3cret"), "postgresql://host/perf");
}

TEST(PostgresUrl, PasswordKeyIsLeftOut) {
  EXPECT_EQ(without_password("postgresql:host=h password=s3cret dbname=perf"), "postgresql:host=h dbname=perf");
  EXPECT_EQ(without_password("postgresql:password = 'a b\\' c' host=h"), "postgresql:host=h");
}

}  // namespace
}  // namespace perfgate::sql
