#include "perfgate/model/benchmark_name.hpp"

#include <cstdio>
#include <array>
#include <string_view>

#include "perfgate/platform/utf8.hpp"

namespace perfgate {
namespace {

// Segments Google Benchmark adds to a name to say how a case was run.
bool is_run_setting(std::string_view segment) {
  static constexpr std::array<std::string_view, 4> kKeyed = {"min_time:", "min_warmup_time:",
                                                             "iterations:", "repeats:"};
  static constexpr std::array<std::string_view, 3> kFlags = {"manual_time", "real_time",
                                                             "process_time"};
  for (auto key : kKeyed)
    if (segment.substr(0, key.size()) == key) return true;
  for (auto flag : kFlags)
    if (segment == flag) return true;
  return false;
}

// Google Benchmark's filter is a POSIX extended regex; these are its
// special characters outside a bracket expression (escaping any other,
// such as ']', is undefined and std::regex rejects it).
std::string escape_extended_regex(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (std::string_view(".[\\()*+?{|^$").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

// Any run-setting segments Google Benchmark may have inserted.
constexpr std::string_view kRunSettings =
    "(/(min_time|min_warmup_time|iterations|repeats):[^/]*|/manual_time|/real_time|/process_time)*";

std::vector<std::string_view> segments_of(const std::string& name) {
  std::vector<std::string_view> segments;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = name.find('/', start);
    segments.emplace_back(name.data() + start, (end == std::string::npos ? name.size() : end) - start);
    if (end == std::string::npos) return segments;
    start = end + 1;
  }
}

}  // namespace

std::string canonical_benchmark_name(const std::string& full_name) {
  const auto segments = segments_of(full_name);
  std::string key(segments.front());  // the function name is always kept
  for (std::size_t i = 1; i < segments.size(); ++i)
    if (!is_run_setting(segments[i])) key.append("/").append(segments[i]);
  return key;
}

std::string benchmark_filter_for(const std::vector<std::string>& canonical_names) {
  if (canonical_names.empty()) return "^$";  // no name is empty, so nothing matches
  std::string filter;
  for (const std::string& name : canonical_names) {
    if (!filter.empty()) filter += '|';
    filter += "^";
    bool first = true;
    for (std::string_view segment : segments_of(name)) {
      if (!first) filter += '/';
      filter += escape_extended_regex(segment);
      filter += kRunSettings;
      first = false;
    }
    filter += "$";
  }
  return filter;
}

std::optional<std::string> benchmark_name_problem(const std::string& name) {
  if (name.empty()) return "the name is empty";
  if (name.size() > 1024) return "the name is longer than 1024 bytes";
  for (std::size_t i = 0; i < name.size();) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (c < 0x20 || c == 0x7f) return "the name contains a control character";
    std::uint32_t code_point;
    const std::size_t length = decode_utf8(name, i, &code_point);
    if (length == 0) return "the name is not valid UTF-8";
    if (const char* what = invisible_or_bidi(code_point)) {
      char text[96];
      std::snprintf(text, sizeof text, "the name contains %s (U+%04X)", what, static_cast<unsigned>(code_point));
      return std::string(text);
    }
    i += length;
  }
  return std::nullopt;
}

}  // namespace perfgate
