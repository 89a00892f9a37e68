#include "trace/trace_file_name.hpp"

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string_view>

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

constexpr std::string_view kGpusPrefix = "gpus:";

// The digits of the first segment "gpus:<digits>" (at most 4 of them).
std::optional<std::string_view> gpu_count(std::string_view name) {
  std::size_t start = 0;
  while (true) {
    const std::size_t slash = name.find('/', start);
    const std::string_view segment = name.substr(start, slash == std::string_view::npos ? name.npos : slash - start);
    if (segment.starts_with(kGpusPrefix)) {
      const std::string_view digits = segment.substr(kGpusPrefix.size());
      const bool all_digits = !digits.empty() && digits.size() <= 4 &&
                              digits.find_first_not_of("0123456789") == std::string_view::npos;
      if (all_digits) return digits;
    }
    if (slash == std::string_view::npos) return std::nullopt;
    start = slash + 1;
  }
}

}  // namespace

std::string trace_file_path(const std::string& case_name) {
  const auto gpus = gpu_count(case_name);
  return gpus ? "gpus-" + std::string(*gpus) + "/" + trace_file_name(case_name) : trace_file_name(case_name);
}

std::string trace_file_name(const std::string& case_name) {
  std::string stem = sanitized(case_name).substr(0, kMaxNameChars);
  if (stem.empty()) stem = "case";
  return stem + '-' + hex8(fnv1a_32(case_name)) + ".trace.json";
}

}  // namespace perfgate::trace
