#include "perfgate/sql/database_url.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <vector>

#include <perfgate/platform/errors.hpp>
#include <perfgate/platform/secret_redaction.hpp>

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

// libpq's connection keywords (PostgreSQL 16's, and those older servers
// knew): a key=value text whose keys are all among them is a connection
// string, never a file's name.
bool is_libpq_keyword(const std::string& key) {
  static const std::set<std::string> kKeywords = {
      "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "require_auth", "channel_binding",
      "connect_timeout", "client_encoding", "options", "application_name", "fallback_application_name", "keepalives",
      "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout", "replication", "gssencmode",
      "sslmode", "sslnegotiation", "requiressl", "sslcompression", "sslcert", "sslkey", "sslpassword", "sslcertmode",
      "sslrootcert", "sslcrl", "sslcrldir", "sslsni", "requirepeer", "ssl_min_protocol_version",
      "ssl_max_protocol_version", "krbsrvname", "gsslib", "gssdelegation", "service", "target_session_attrs",
      "load_balance_hosts"};
  return kKeywords.count(key) > 0;
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// A key=value text with every value shown as ***: a refused connection
// string may carry a password under a mistyped key ("pasword=X"), which no
// redaction knows to look for, so none of its values is echoed.
std::string keys_only(const std::string& text) {
  std::string shown;
  for (std::size_t i = 0; i < text.size(); ++i) {
    shown += text[i];
    if (text[i] != '=') continue;
    shown += "***";
    std::size_t j = i + 1;
    while (j < text.size() && is_blank(text[j])) ++j;
    if (j < text.size() && text[j] == '\'') {  // a quoted value, to its closing quote (or the end)
      for (++j; j < text.size() && text[j] != '\''; ++j)
        if (text[j] == '\\') ++j;
      ++j;
    } else {
      while (j < text.size() && !is_blank(text[j])) ++j;
    }
    i = j - 1;
  }
  return shown;
}

// The keys of a libpq key=value string (blanks around '=' allowed, a value
// bare or '...' with backslash escapes, as PQconnectdb reads it); nullopt
// when the text is not of that form.
std::optional<std::vector<std::string>> conninfo_keys(const std::string& text) {
  std::vector<std::string> keys;
  std::size_t i = 0;
  const auto skip_blanks = [&] {
    while (i < text.size() && is_blank(text[i])) ++i;
  };
  for (skip_blanks(); i < text.size(); skip_blanks()) {
    const std::size_t key = i;
    while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) != 0 || text[i] == '_')) ++i;
    if (i == key) return std::nullopt;
    keys.push_back(text.substr(key, i - key));
    skip_blanks();
    if (i >= text.size() || text[i] != '=') return std::nullopt;
    ++i;
    skip_blanks();
    if (i < text.size() && text[i] == '\'') {
      for (++i; i < text.size() && text[i] != '\''; ++i)
        if (text[i] == '\\') ++i;
      if (i >= text.size()) return std::nullopt;
      ++i;
    } else {
      for (; i < text.size() && !is_blank(text[i]); ++i)
        if (text[i] == '\\') ++i;
    }
  }
  return keys;
}

bool holds_password_parameter(const std::string& lower) {
  for (std::size_t at = lower.find("password"); at != std::string::npos; at = lower.find("password", at + 1)) {
    std::size_t after = at + 8;
    while (after < lower.size() && is_blank(lower[after])) ++after;
    if (after < lower.size() && lower[after] == '=') return true;
  }
  return false;
}

// A libpq key=value string given without the postgresql: prefix
// (`host=db password=X dbname=perf`): PostgreSQL when every key is libpq's;
// refused when its first is and the rest is not (a typo), and whenever it
// holds a password=, so that no SQLite file is ever named after a password.
std::optional<DatabaseUrl> bare_conninfo(const std::string& url) {
  const auto keys = conninfo_keys(url);
  const bool all_libpq = keys && !keys->empty() && std::all_of(keys->begin(), keys->end(), is_libpq_keyword);
  if (all_libpq) {
    register_password_parameters(url);
    return DatabaseUrl{Engine::postgresql, url, redact_secrets(url)};
  }
  std::string lower = url;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  const std::size_t equals = url.find('=');
  std::string first = equals == std::string::npos ? "" : lower.substr(0, equals);
  while (!first.empty() && is_blank(first.back())) first.pop_back();
  if (is_libpq_keyword(first) || holds_password_parameter(lower)) {
    register_password_parameters(url);
    refuse(keys_only(url), keys ? "not a PostgreSQL connection string: a key is not one of libpq's (write postgresql:KEY=VALUE ..., "
                                  "or sqlite:PATH for an SQLite file of this name)"
                                : "not a PostgreSQL connection string: libpq's KEY=VALUE form is broken (an unclosed quote, a key "
                                  "without '='); write sqlite:PATH for an SQLite file of this name");
  }
  return std::nullopt;
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
  if (auto conninfo = bare_conninfo(url)) return *conninfo;
  return DatabaseUrl{Engine::sqlite, url, url};
}

}  // namespace perfgate::sql
