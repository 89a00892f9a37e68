#include "perfgate/dashboard/page_name.hpp"

#include <openssl/evp.h>

#include <cstdio>

#include "perfgate/platform/errors.hpp"

namespace perfgate::dashboard {
namespace {

bool plain(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
         c == '-';
}

std::string slug(const std::string& name) {
  constexpr std::size_t kMaxSlug = 60;
  std::string out;
  for (char c : name) {
    if (out.size() >= kMaxSlug) break;
    if (plain(c)) out += c;
    else if (out.empty() || out.back() != '-') out += '-';
  }
  // A leading '.' would make a hidden file.
  while (!out.empty() && (out.front() == '.' || out.front() == '-')) out.erase(out.begin());
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out.empty() ? "series" : out;
}

// The first kHashDigits hex digits of SHA-256 over the key's parts, each
// with its length, so that ("a/b", "c") and ("a", "b/c") differ: 80 bits,
// where a 32-bit name gave a colliding benchmark name in 30 s.
constexpr std::size_t kHashDigits = 20;

std::string key_hash(const history::SeriesKey& key) {
  std::string message;
  for (const std::string* part : {&key.suite, &key.testbed, &key.benchmark})
    message += std::to_string(part->size()) + ":" + *part + ";";
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(message.data(), message.size(), digest, &length, EVP_sha256(), nullptr) != 1)
    throw OutputError("SHA-256 failed (libcrypto): no page name for " + quote_text(key.benchmark));
  std::string hex;
  for (unsigned int i = 0; i < length && hex.size() < kHashDigits; ++i) {
    char byte[3];
    std::snprintf(byte, sizeof byte, "%02x", digest[i]);
    hex += byte;
  }
  return hex.substr(0, kHashDigits);
}

}  // namespace

std::string series_page_name(const history::SeriesKey& key) {
  return "series/" + slug(key.benchmark) + "-" + key_hash(key) + ".html";
}

}  // namespace perfgate::dashboard
