#include "perfgate/history/name_pattern.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "perfgate/platform/errors.hpp"

namespace perfgate::history {

namespace {

[[noreturn]] void refuse(const std::string& text, const std::string& problem) {
  throw InputError("--benchmark " + quote_text(text) + ": " + problem);
}

// The pattern's size once its bounds are written out ("(ab){3}" is 6): what
// the C library's compiler builds states for.  Bounds nest by product, so
// "((a{255}){255}){255}" would take 3 GB and half a minute to compile.
class ExpandedSize {
 public:
  void atom(std::uint64_t size) {
    close_atom();
    atom_ = size;
  }
  void bound(std::uint64_t times) { atom_ = std::min(atom_ * std::max<std::uint64_t>(times, 1), kCap); }
  void open_group() {
    close_atom();
    groups_.push_back(0);
  }
  void close_group() {
    close_atom();
    if (groups_.size() <= 1) return;  // an unmatched ')': regcomp says so
    const std::uint64_t size = groups_.back();
    groups_.pop_back();
    atom_ = std::max<std::uint64_t>(size, 1);
  }
  std::uint64_t total() {
    close_atom();
    std::uint64_t sum = 0;
    for (std::uint64_t g : groups_) sum = std::min(sum + g, kCap);
    return sum;
  }

 private:
  static constexpr std::uint64_t kCap = std::uint64_t{1} << 40;
  void close_atom() {
    groups_.back() = std::min(groups_.back() + atom_, kCap);
    atom_ = 0;
  }
  std::vector<std::uint64_t> groups_{0};
  std::uint64_t atom_ = 0;
};

// "{m}", "{m,}" or "{m,n}" at text[i] ('{'): the largest count it allows
// (m + 1 for "{m,}": one more than written is enough to be sure), and where
// it ends; nullopt when it is no bound (regcomp then judges it).
std::optional<std::pair<std::uint64_t, std::size_t>> read_bound(const std::string& text, std::size_t i) {
  std::uint64_t low = 0, high = 0;
  bool comma = false;
  for (std::size_t j = i + 1; j < text.size(); ++j) {
    const char c = text[j];
    if (c == '}') return std::pair{comma && high == 0 ? low + 1 : std::max(low, high), j};
    if (c == ',' && !comma) {
      comma = true;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      std::uint64_t& n = comma ? high : low;
      n = std::min<std::uint64_t>(n * 10 + static_cast<std::uint64_t>(c - '0'), 1 << 20);
    } else {
      return std::nullopt;
    }
  }
  return std::nullopt;  // no closing '}'
}

// What the pattern holds that the bounded matcher cannot promise, if
// anything: a back-reference, a bound above kMaxBound, or bounds whose
// product makes the pattern larger than kMaxExpandedSize.
std::optional<std::string> unbounded_construct(const std::string& text) {
  ExpandedSize size;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '[') {
      std::size_t j = i + 1;
      if (j < text.size() && text[j] == '^') ++j;
      if (j < text.size() && text[j] == ']') ++j;  // "[]...]": ']' first is a member
      while (j < text.size() && text[j] != ']') ++j;
      i = j;
      size.atom(1);
    } else if (c == '\\' && i + 1 < text.size()) {
      if (std::isdigit(static_cast<unsigned char>(text[i + 1])))
        return "back-references (\\" + std::string(1, text[i + 1]) + ") are not supported: they need a search "
               "that can take exponential time";
      ++i;
      size.atom(1);
    } else if (c == '(') {
      size.open_group();
    } else if (c == ')') {
      size.close_group();
    } else if (c == '{' && i > 0) {
      const auto bound = read_bound(text, i);
      if (!bound) {
        size.atom(1);
        continue;
      }
      if (bound->first > NamePattern::kMaxBound + 1u)
        return "a repetition bound above " + std::to_string(NamePattern::kMaxBound) + " is not supported";
      size.bound(bound->first);
      i = bound->second;
    } else if (c == '*' || c == '+' || c == '?' || c == '|' || c == '^' || c == '$') {
      continue;  // no new state to speak of
    } else {
      size.atom(1);
    }
  }
  if (size.total() > NamePattern::kMaxExpandedSize)
    return "its repetition bounds multiply it to more than " + std::to_string(NamePattern::kMaxExpandedSize) +
           " characters, which take the matcher minutes and gigabytes to build";
  return std::nullopt;
}

}  // namespace

NamePattern::NamePattern(const std::string& text) {
  if (text.empty()) return;
  if (text.size() > kMaxLength)
    refuse(text, "longer than " + std::to_string(kMaxLength) + " bytes");
  if (text.find('\0') != std::string::npos) refuse(text, "holds a NUL byte");
  if (const auto problem = unbounded_construct(text)) refuse(text, *problem);
  if (const int code = regcomp(&compiled_, text.c_str(), REG_EXTENDED | REG_NOSUB); code != 0) {
    char message[256];
    regerror(code, &compiled_, message, sizeof message);
    refuse(text, std::string("not a regular expression (POSIX extended: ") + message + ")");
  }
  empty_ = false;
}

NamePattern::~NamePattern() {
  if (!empty_) regfree(&compiled_);
}

bool NamePattern::found_in(const std::string& name) const {
  return empty_ || regexec(&compiled_, name.c_str(), 0, nullptr, 0) == 0;
}

}  // namespace perfgate::history
