// Secrets never leave the process: every form a password takes in a URL or
// a libpq string, inside any text (a command line, an engine's message).

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "perfgate/platform/secret_redaction.hpp"

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

// Issue 41: PGPASSWORD's value is redacted where libpq's text carries it,
// as a word of its own, not as a substring of everything printed.
TEST(RedactSecrets, PgpasswordsValueOnlyInLibpqText) {
  ::setenv("PGPASSWORD", "from-the-environment", 1);
  EXPECT_EQ(redact_libpq_text("FATAL: from-the-environment"), "FATAL: ***");
  EXPECT_EQ(redact_libpq_text("invalid port number: \"from-the-environment\""), "invalid port number: \"***\"");
  EXPECT_EQ(redact_secrets("FATAL: from-the-environment"), "FATAL: from-the-environment") << "not a libpq message";
  ::setenv("PGPASSWORD", "e", 1);
  EXPECT_EQ(redact_secrets("cannot open x.json: no such file"), "cannot open x.json: no such file");
  EXPECT_EQ(redact_libpq_text("could not connect: no such file or directory"), "could not connect: no such file or directory");
  ::unsetenv("PGPASSWORD");
}

// PGPASSWORD=value written out (a command line, a shell line in a log).
TEST(RedactSecrets, PgpasswordAssignment) {
  EXPECT_EQ(redact_secrets("PGPASSWORD=s3cret perfgate run"), "PGPASSWORD=*** perfgate run");
}

// Issue 41: libpq %-decodes a URI's query keys, so a %-escaped key is a password too.
TEST(RedactSecrets, PercentEncodedQueryKeys) {
  EXPECT_EQ(redact_secrets("postgresql://h/db?passwor%64=X1y2&sslmode=off"), "postgresql://h/db?passwor%64=***&sslmode=off");
  EXPECT_EQ(redact_secrets("postgresql://h/db?%70%61ssword=X1y2"), "postgresql://h/db?%70%61ssword=***");
  EXPECT_EQ(redact_secrets("postgresql://h/db?user=password&x=1"), "postgresql://h/db?user=password&x=1");
}

// A libpq key=value string: password=... in any of its forms.
TEST(RedactSecrets, ConninfoPasswords) {
  EXPECT_EQ(redact_secrets("host=db password=hunter2 dbname=perf"), "host=db password=*** dbname=perf");
  EXPECT_EQ(redact_secrets("host=db password = 'a b\\'c' dbname=perf"), "host=db password = *** dbname=perf");
}

}  // namespace
}  // namespace perfgate
