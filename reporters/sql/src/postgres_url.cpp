#include "postgres_url.hpp"

#include <cctype>

namespace perfgate::sql {
namespace {

constexpr const char* kKeyValuePrefix = "postgresql:";

bool starts_with(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

bool is_uri(const std::string& url) { return starts_with(url, "postgresql://") || starts_with(url, "postgres://"); }

// A URI's user:password@ without the password.
std::string authority_without_password(const std::string& authority) {
  const std::size_t at = authority.rfind('@');
  if (at == std::string::npos) return authority;
  const std::size_t colon = authority.find(':');
  if (colon == std::string::npos || colon > at) return authority;
  return authority.substr(0, colon) + authority.substr(at);
}

// A URI's query without its password=... parameter.
std::string query_without_password(const std::string& query) {
  std::string kept;
  std::size_t begin = 0;
  while (begin <= query.size()) {
    std::size_t end = query.find('&', begin);
    if (end == std::string::npos) end = query.size();
    const std::string parameter = query.substr(begin, end - begin);
    if (!starts_with(parameter, "password=") && !parameter.empty()) kept += (kept.empty() ? "" : "&") + parameter;
    begin = end + 1;
  }
  return kept;
}

std::string uri_without_password(const std::string& url) {
  const std::size_t authority_begin = url.find("://") + 3;
  std::size_t authority_end = url.find_first_of("/?", authority_begin);
  if (authority_end == std::string::npos) authority_end = url.size();
  std::string shown = url.substr(0, authority_begin) +
                      authority_without_password(url.substr(authority_begin, authority_end - authority_begin));
  const std::size_t question = url.find('?', authority_end);
  shown += url.substr(authority_end, question == std::string::npos ? std::string::npos : question - authority_end);
  if (question == std::string::npos) return shown;
  const std::string query = query_without_password(url.substr(question + 1));
  return query.empty() ? shown : shown + "?" + query;
}

// The end of the key=value value starting at `at`: a '...' value with its
// backslash escapes, or up to the next blank.
std::size_t value_end(const std::string& text, std::size_t at) {
  if (at < text.size() && text[at] == '\'') {
    for (std::size_t i = at + 1; i < text.size(); ++i) {
      if (text[i] == '\\') {
        ++i;
      } else if (text[i] == '\'') {
        return i + 1;
      }
    }
    return text.size();
  }
  while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at])) == 0) ++at;
  return at;
}

std::string key_values_without_password(const std::string& text) {
  std::string kept;
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at])) != 0) ++at;
    const std::size_t equals = text.find('=', at);
    if (at >= text.size() || equals == std::string::npos) break;
    std::size_t value = equals + 1;
    while (value < text.size() && text[value] == ' ') ++value;
    const std::size_t end = value_end(text, value);
    std::string key = text.substr(at, equals - at);
    while (!key.empty() && key.back() == ' ') key.pop_back();
    if (key != "password") kept += (kept.empty() ? "" : " ") + key + "=" + text.substr(value, end - value);
    at = end;
  }
  return kept;
}

}  // namespace

bool is_postgres_url(const std::string& url) { return is_uri(url) || starts_with(url, kKeyValuePrefix); }

std::string postgres_conninfo(const std::string& url) {
  return is_uri(url) ? url : url.substr(std::string(kKeyValuePrefix).size());
}

std::string without_password(const std::string& url) {
  if (is_uri(url)) return uri_without_password(url);
  return kKeyValuePrefix + key_values_without_password(postgres_conninfo(url));
}

}  // namespace perfgate::sql
