#pragma once
// A user's `--benchmark REGEX`, matched against the history's benchmark
// names in bounded time (issue 41: `(n+)+x` made std::regex, a backtracking
// engine, search forever).  POSIX extended syntax, as Google Benchmark's own
// --benchmark_filter, through the C library's matcher, which keeps sets of
// states instead of backtracking: its time grows with the pattern times the
// name, never exponentially.  The constructs that would take that bound
// away are refused: back-references (\1), which only a backtracking search
// can match, and bounds such as {1000} or nested ones whose product makes
// the pattern's states too many to build.

#include <regex.h>

#include <cstdint>
#include <string>

namespace perfgate::history {

class NamePattern {
 public:
  // Longest pattern accepted, and the largest {m,n} bound: far beyond any
  // filter a person writes, small enough that compiling one stays cheap.
  static constexpr std::size_t kMaxLength = 1024;
  static constexpr int kMaxBound = 255;
  // The largest pattern once its bounds are written out: "(a{255}){255}"
  // (65,025) compiles in about 80 ms and 16 MB; the product grows from there.
  static constexpr std::uint64_t kMaxExpandedSize = 65536;

  // Throws InputError "--benchmark 'TEXT': problem"; an empty text matches
  // every name.
  explicit NamePattern(const std::string& text);
  ~NamePattern();
  NamePattern(const NamePattern&) = delete;
  NamePattern& operator=(const NamePattern&) = delete;

  // Whether the pattern occurs anywhere in `name` (a search, not a full match).
  bool found_in(const std::string& name) const;

 private:
  bool empty_ = true;
  regex_t compiled_{};
};

}  // namespace perfgate::history
