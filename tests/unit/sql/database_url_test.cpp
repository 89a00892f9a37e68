// The one reader of a history database's name.

#include <gtest/gtest.h>

#include <perfgate/platform/errors.hpp>
#include <perfgate/platform/secret_redaction.hpp>
#include <perfgate/sql/database_url.hpp>
#include <string>

namespace perfgate::sql {
namespace {

std::string refusal(const std::string& url) {
  try {
    parse_database_url(url);
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(DatabaseUrl, EachFormMeansOneEngine) {
  EXPECT_EQ(parse_database_url("history.sqlite").engine, Engine::sqlite);
  EXPECT_EQ(parse_database_url("/var/lib/perfgate/postgresql.db").location, "/var/lib/perfgate/postgresql.db");
  EXPECT_EQ(parse_database_url("sqlite:rel/h.db").location, "rel/h.db");
  EXPECT_EQ(parse_database_url("sqlite:///abs/h.db").location, "/abs/h.db");
  EXPECT_EQ(parse_database_url("file:h.db").location, "h.db");
  EXPECT_EQ(parse_database_url("./a:b.db").location, "./a:b.db");  // a colon after a '/' is no scheme
  EXPECT_EQ(parse_database_url("postgresql://host/db").engine, Engine::postgresql);
  EXPECT_EQ(parse_database_url("postgres://host/db").engine, Engine::postgresql);
  const DatabaseUrl key_value = parse_database_url("postgresql:host=h dbname=db");
  EXPECT_EQ(key_value.engine, Engine::postgresql);
  EXPECT_EQ(key_value.location, "host=h dbname=db");
}

TEST(DatabaseUrl, AnotherSchemeIsAnErrorNeverAFileName) {
  for (const std::string url : {"postgres:x", "mysql://host/db", "sqlite3:h.db", "https://example.com/h.db"})
    EXPECT_NE(refusal(url).find("not a history database perfgate can open"), std::string::npos) << url;
  EXPECT_NE(refusal("").find("not named"), std::string::npos);
  EXPECT_NE(refusal("sqlite:").find("names no SQLite file"), std::string::npos);
}

// libpq quotes what it cannot parse, and that may be part of the password:
// such URLs are refused before libpq sees them, the password left out.
TEST(DatabaseUrl, AMalformedUrlIsRefusedWithoutItsPassword) {
  const std::string unencoded_slash = refusal("postgresql://ci:pa/ss-1@host/db");
  EXPECT_NE(unencoded_slash.find("unencoded '/'"), std::string::npos) << unencoded_slash;
  EXPECT_EQ(unencoded_slash.find("pa/ss-1"), std::string::npos) << unencoded_slash;
  EXPECT_EQ(unencoded_slash.find("ss-1"), std::string::npos) << unencoded_slash;
  for (const std::string url : {"postgresql://ci:s3cr%zzt@host/db", "postgresql://ci:s3cr%00t@host/db",
                                "postgresql://ci:s3cret%@host/db", "postgresql://ci:s3[cret@host/db",
                                "postgresql://ci:s3cr?t@host/db"}) {
    const std::string message = refusal(url);
    EXPECT_NE(message, "accepted") << url;
    EXPECT_EQ(message.find("s3cr"), std::string::npos) << message;
  }
  EXPECT_EQ(refusal("postgresql://ci:s%2F3%40cret@[::1]:5432/db"), "accepted");
}

TEST(DatabaseUrl, ItsPasswordIsShownNowhere) {
  const DatabaseUrl url = parse_database_url("postgresql://ci:wh%2Fat-ever@host/db");
  EXPECT_EQ(url.shown, "postgresql://ci:***@host/db");
  EXPECT_EQ(parse_database_url("postgresql:///perf?host=/run/pg&password=s3cret&user=ci").shown,
            "postgresql:///perf?host=/run/pg&password=***&user=ci");
  EXPECT_EQ(parse_database_url("postgresql:host=h password=s3cret dbname=perf").shown,
            "postgresql:host=h password=*** dbname=perf");
  EXPECT_EQ(redact_secrets("FATAL: password authentication failed: wh/at-ever"),
            "FATAL: password authentication failed: ***");
  parse_database_url("postgresql:host=h password='kv secret' dbname=db");
  EXPECT_EQ(redact_secrets("kv secret"), "***");
}

// Issue 41: libpq's key=value string given as it is (no postgresql:) is
// PostgreSQL, never an SQLite file named after it and its password.
TEST(DatabaseUrl, ABareConninfoIsPostgresql) {
  const DatabaseUrl url = parse_database_url("host=db.example port=5432 password=Kv-s3cret dbname=perf");
  EXPECT_EQ(url.engine, Engine::postgresql);
  EXPECT_EQ(url.location, "host=db.example port=5432 password=Kv-s3cret dbname=perf");
  EXPECT_EQ(url.shown, "host=db.example port=5432 password=*** dbname=perf");
  EXPECT_EQ(parse_database_url("dbname = perf  user='a b'").engine, Engine::postgresql);
  EXPECT_EQ(parse_database_url("runs=1.db").engine, Engine::sqlite) << "not libpq's key: a file's name";
  EXPECT_EQ(parse_database_url("/data/passwords.sqlite").engine, Engine::sqlite);
}

TEST(DatabaseUrl, ABrokenConninfoOrAPasswordElsewhereIsRefusedNeverAFile) {
  for (const std::string url : {"host=db pasword=Kv-s3cret", "host=db password='Kv-s3cret", "hots=db password=Kv-s3cret",
                                "./h.db?password=Kv-s3cret"}) {
    const std::string message = refusal(url);
    EXPECT_NE(message.find("not a PostgreSQL connection string"), std::string::npos) << url << ": " << message;
    EXPECT_EQ(message.find("Kv-s3cret"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace perfgate::sql
