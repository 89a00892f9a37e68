#include "perfgate/sql/database_url.hpp"

#include <cctype>
#include <perfgate/model/errors.hpp>
#include <perfgate/model/secret_redaction.hpp>

namespace perfgate::sql {
namespace {

constexpr const char* kKeyValuePrefix = "postgresql:";

bool starts_with(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

[[noreturn]] void refuse(const std::string& url, const std::string& problem) {
  throw InputError(printable_text(redact_secrets(url)) + ": " + problem);
}

// "mysql:", "postgres:": a scheme of two or more letters before the first
// ':' (one letter is a Windows drive, C:), with no '/' before it.
bool has_scheme(const std::string& url) {
  const std::size_t colon = url.find(':');
  if (colon == std::string::npos || colon < 2 || std::isalpha(static_cast<unsigned char>(url[0])) == 0) return false;
  for (std::size_t i = 1; i < colon; ++i) {
    const char c = url[i];
    if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '+' && c != '-' && c != '.') return false;
  }
  return true;
}

bool is_hex(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

// A '%' not followed by two hex digits, or %00: libpq refuses both and
// quotes the token, which may be part of the password.
void require_valid_escapes(const std::string& url) {
  for (std::size_t i = 0; i < url.size(); ++i) {
    if (url[i] != '%') continue;
    if (i + 2 >= url.size() || !is_hex(url[i + 1]) || !is_hex(url[i + 2]))
      refuse(url, "a '%' that is not a %XX escape (percent-encode a '%' in a password as %25)");
    if (url[i + 1] == '0' && url[i + 2] == '0') refuse(url, "%00 (a NUL byte) cannot be part of a URL");
  }
}

// user:password@ of a postgresql:// URL: up to the last '@', since a
// password with an unencoded '@', '/' or '?' is still a password.  Refused
// when it holds what a URL must encode; else its password is a secret.
void check_userinfo(const std::string& url) {
  const std::size_t begin = url.find("://") + 3;
  const std::size_t at = url.rfind('@');
  if (at == std::string::npos || at < begin) return;
  const std::string userinfo = url.substr(begin, at - begin);
  const std::size_t colon = userinfo.find(':');
  if (colon != std::string::npos) register_secret(userinfo.substr(colon + 1));
  for (const char c : userinfo) {
    if (c == '/' || c == '?' || c == '#' || c == '@' || c == '[' || c == ']' || c == ' ')
      refuse(url, std::string("the user name or password holds an unencoded '") + c +
                      "', which a URL must percent-encode (e.g. '/' as %2F, '@' as %40)");
  }
}

DatabaseUrl sqlite_file(const std::string& url, const std::string& path) {
  if (path.empty()) refuse(url, "names no SQLite file");
  return DatabaseUrl{Engine::sqlite, path, path};
}

}  // namespace

DatabaseUrl parse_database_url(const std::string& url) {
  if (url.empty()) throw InputError("the history database is not named (an empty path)");
  if (starts_with(url, "postgresql://") || starts_with(url, "postgres://")) {
    require_valid_escapes(url);
    check_userinfo(url);
    register_password_parameters(url);  // ?password=...
    return DatabaseUrl{Engine::postgresql, url, redact_secrets(url), true};
  }
  if (starts_with(url, kKeyValuePrefix)) {  // postgresql:key=value, what libpq's PQconnectdb takes after it
    const std::string conninfo = url.substr(std::string(kKeyValuePrefix).size());
    register_password_parameters(conninfo);
    return DatabaseUrl{Engine::postgresql, conninfo, redact_secrets(url)};
  }
  if (starts_with(url, "sqlite://")) return sqlite_file(url, url.substr(9));
  if (starts_with(url, "sqlite:")) return sqlite_file(url, url.substr(7));
  if (starts_with(url, "file:")) return sqlite_file(url, url.substr(5));
  if (has_scheme(url))
    refuse(url, "not a history database perfgate can open: name an SQLite file (a path, or sqlite:PATH) or a "
                "PostgreSQL database (postgresql://host/db or postgres://host/db)");
  return DatabaseUrl{Engine::sqlite, url, url};
}

}  // namespace perfgate::sql
