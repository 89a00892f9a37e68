// Secrets never leave the process: every form a password takes in a URL or
// a libpq string, inside any text (a command line, an engine's message).

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "perfgate/model/secret_redaction.hpp"

namespace perfgate {
namespace {

TEST(RedactSecrets, UserinfoPasswordOfAnyUrlInAText) {
  EXPECT_EQ(redact_secrets("perf_x --perfgate_history=postgresql://ci:s3cret@db.example:5432/perf --x=1"),
            "perf_x --perfgate_history=postgresql://ci:***@db.example:5432/perf --x=1");
  EXPECT_EQ(redact_secrets("postgres://ci:p@ss@host/perf"), "postgres://ci:***@host/perf");
  // An unencoded '/' or '?' in the password is still the password.
  EXPECT_EQ(redact_secrets("postgresql://ci:pa/ss?x@host/db"), "postgresql://ci:***@host/db");
  EXPECT_EQ(redact_secrets("postgresql://ci@host/db"), "postgresql://ci@host/db");
  EXPECT_EQ(redact_secrets("see https://example.com/a:b"), "see https://example.com/a:b");
}

TEST(RedactSecrets, PasswordParametersQueryAndKeyValue) {
  EXPECT_EQ(redact_secrets("postgresql:///perf?host=/run/pg&password=s3cret&user=ci"),
            "postgresql:///perf?host=/run/pg&password=***&user=ci");
  EXPECT_EQ(redact_secrets("host=h password=s3cret dbname=perf"), "host=h password=*** dbname=perf");
  EXPECT_EQ(redact_secrets("host=h password = 'a b\\' c' dbname=perf"), "host=h password = *** dbname=perf");
  EXPECT_EQ(redact_secrets("PASSWORD=s3cret"), "PASSWORD=***");
  // A text that quotes an already redacted URL keeps what follows it.
  EXPECT_EQ(redact_secrets("postgresql:host=h password=***: could not connect"),
            "postgresql:host=h password=***: could not connect");
}

TEST(RedactSecrets, RegisteredSecretsAnywhereEncodedOrNot) {
  register_secret("hunter%2F2");
  EXPECT_EQ(redact_secrets("invalid port number: \"hunter/2\""), "invalid port number: \"***\"");
  EXPECT_EQ(redact_secrets("x hunter%2F2 y"), "x *** y");
}

TEST(RedactSecrets, PgpasswordsValue) {
  ::setenv("PGPASSWORD", "from-the-environment", 1);
  EXPECT_EQ(redact_secrets("FATAL: from-the-environment"), "FATAL: ***");
  ::unsetenv("PGPASSWORD");
}

}  // namespace
}  // namespace perfgate
