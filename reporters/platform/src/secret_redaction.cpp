#include "perfgate/platform/secret_redaction.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <mutex>
#include <utility>
#include <vector>

namespace perfgate {
namespace {

std::mutex& secrets_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::vector<std::string>& secrets() {
  static std::vector<std::string> registered;
  return registered;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// %XX decoded where well formed, other bytes kept: libpq quotes a password
// decoded in some messages.
std::string percent_decoded(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 &&
        hex_value(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

void replace_all(std::string& text, const std::string& secret) {
  if (secret.empty()) return;
  for (std::size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at + kRedacted.size()))
    text.replace(at, secret.size(), kRedacted);
}

// Where a URL written inside a longer text ends.
bool ends_url(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0 || c == '"' || c == '\''; }

// scheme://user:password@host: the password is what lies between the first
// ':' after "://" and the last '@' before the URL's end (a password may hold
// an unencoded '/', '?' or '@' by mistake; it is still a password).
void redact_userinfo(std::string& text) {
  for (std::size_t scheme_end = text.find("://"); scheme_end != std::string::npos;
       scheme_end = text.find("://", scheme_end + 3)) {
    const std::size_t begin = scheme_end + 3;
    std::size_t end = begin;
    while (end < text.size() && !ends_url(text[end])) ++end;
    const std::size_t at = text.rfind('@', end == 0 ? 0 : end - 1);
    if (at == std::string::npos || at < begin) continue;
    const std::size_t colon = text.find(':', begin);
    if (colon == std::string::npos || colon > at || colon + 1 == at) continue;
    if (text.compare(colon + 1, at - colon - 1, kRedacted) == 0) continue;
    text.replace(colon + 1, at - colon - 1, kRedacted);
  }
}

bool is_key_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// Where a password=value's value lies: a URL query parameter (up to '&')
// or a libpq key=value (up to a blank, or a '...' value with its escapes).
struct PasswordValue {
  std::size_t begin = 0, end = 0;
  bool quoted = false;
};

bool is_password_key(const std::string& key) {
  std::string lower = percent_decoded(key);  // libpq decodes a URI's query keys: ?passwor%64=X is a password
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower == "password" || lower == "pgpassword";
}

// The key before the '=' at `equals` (blanks between them allowed, as libpq
// allows): the run of key characters and %-escapes before it.
std::string key_before(const std::string& text, std::size_t equals) {
  std::size_t end = equals;
  while (end > 0 && text[end - 1] == ' ') --end;
  std::size_t begin = end;
  while (begin > 0 && (is_key_char(text[begin - 1]) || text[begin - 1] == '%')) --begin;
  return text.substr(begin, end - begin);
}

// Every password= value in `text`, first to last: the key matched in any
// case and after %-decoding, PGPASSWORD=value too.
std::vector<PasswordValue> password_values(const std::string& text) {
  std::vector<PasswordValue> values;
  for (std::size_t equals = text.find('='); equals != std::string::npos; equals = text.find('=', equals + 1)) {
    if (!is_password_key(key_before(text, equals))) continue;
    std::size_t value = equals + 1;
    while (value < text.size() && text[value] == ' ') ++value;
    PasswordValue found{value, value, value < text.size() && text[value] == '\''};
    if (found.quoted) {
      for (++found.end; found.end < text.size() && text[found.end] != '\''; ++found.end)
        if (text[found.end] == '\\') ++found.end;
      found.end = std::min(found.end + 1, text.size());
    } else {
      while (found.end < text.size() && !ends_url(text[found.end]) && text[found.end] != '&') ++found.end;
    }
    if (found.end > found.begin) values.push_back(found);
    equals = std::max(equals, found.end == 0 ? 0 : found.end - 1);
  }
  return values;
}

// Last to first, so that the earlier positions stay valid.
void redact_password_parameters(std::string& text) {
  const std::vector<PasswordValue> values = password_values(text);
  for (auto it = values.rbegin(); it != values.rend(); ++it) {
    // Already redacted (a message quoting a shown URL): "***" and what follows it stay.
    if (text.compare(it->begin, kRedacted.size(), kRedacted) == 0) continue;
    text.replace(it->begin, it->end - it->begin, kRedacted);
  }
}

}  // namespace

void register_secret(const std::string& secret) {
  if (secret.empty()) return;
  const std::lock_guard<std::mutex> lock(secrets_mutex());
  for (const std::string& form : {secret, percent_decoded(secret)})
    if (!form.empty() && std::find(secrets().begin(), secrets().end(), form) == secrets().end())
      secrets().push_back(form);
  // Longest first: a secret that contains another is replaced whole.
  std::sort(secrets().begin(), secrets().end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
}

void register_password_parameters(const std::string& text) {
  for (const PasswordValue& v : password_values(text)) {
    // A quoted value's secret is between its quotes (escapes as written).
    const std::size_t begin = v.begin + (v.quoted ? 1 : 0);
    const std::size_t end = v.quoted && v.end > begin && text[v.end - 1] == '\'' ? v.end - 1 : v.end;
    register_secret(text.substr(begin, end - begin));
  }
}

std::string redact_secrets(std::string text) {
  {
    const std::lock_guard<std::mutex> lock(secrets_mutex());
    for (const std::string& secret : secrets()) replace_all(text, secret);
  }
  redact_userinfo(text);
  redact_password_parameters(text);
  return text;
}

std::string redact_libpq_text(std::string text) {
  text = redact_secrets(std::move(text));
  const char* pgpassword = std::getenv("PGPASSWORD");
  const std::string secret = pgpassword != nullptr ? pgpassword : "";
  if (secret.empty()) return text;
  const auto word_edge = [&](std::size_t at) {
    return at >= text.size() || std::isalnum(static_cast<unsigned char>(text[at])) == 0;
  };
  for (std::size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at + 1)) {
    if ((at > 0 && !word_edge(at - 1)) || !word_edge(at + secret.size())) continue;
    text.replace(at, secret.size(), kRedacted);
  }
  return text;
}

}  // namespace perfgate
