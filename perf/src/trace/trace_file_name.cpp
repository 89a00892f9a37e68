#include "trace/trace_file_name.hpp"

#include <cstdint>
#include <cstdio>

namespace perfgate::trace {
namespace {

// Leaves room in the usual 255-byte name limit for the hash and suffix.
constexpr std::size_t kMaxNameChars = 120;

bool is_safe(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_' || c == '-';
}

// A '.' may neither start the name (a hidden file) nor follow another '.'
// (a ".." path component).
std::string sanitized(const std::string& name) {
  std::string out;
  out.reserve(name.size());
  for (const char c : name) {
    const bool bad_dot = c == '.' && (out.empty() || out.back() == '.');
    out += is_safe(c) && !bad_dot ? c : '_';
  }
  return out;
}

std::uint32_t fnv1a_32(const std::string& text) {
  std::uint32_t hash = 2166136261u;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 16777619u;
  }
  return hash;
}

std::string hex8(std::uint32_t value) {
  char digits[9];
  std::snprintf(digits, sizeof digits, "%08x", static_cast<unsigned>(value));
  return digits;
}

}  // namespace

std::string trace_file_name(const std::string& case_name) {
  std::string stem = sanitized(case_name).substr(0, kMaxNameChars);
  if (stem.empty()) stem = "case";
  return stem + '-' + hex8(fnv1a_32(case_name)) + ".trace.json";
}

}  // namespace perfgate::trace
