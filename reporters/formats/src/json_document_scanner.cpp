#include "json_document_scanner.hpp"

#include "perfgate/formats/json_unique_keys.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <simdjson.h>

#include "perfgate/platform/errors.hpp"
#include "json_reader.hpp"

namespace perfgate::detail {
namespace {

constexpr std::size_t kBlockBytes = std::size_t{1} << 20;

bool is_blank(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The bytes a JSON value can start with (and NaN and Infinity, which the
// part's parser names as such), and those of a number or literal.
bool starts_value(int c) {
  return c == '"' || c == '{' || c == '[' || c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n' ||
         c == 'N' || c == 'I';
}
bool in_scalar(int c) { return std::isalnum(c) != 0 || c == '-' || c == '+' || c == '.'; }

// What a byte is to the scanner, by one table look-up a byte: inside a
// string (a quote ends it, a backslash escapes, a control byte is refused)
// and between tokens (a quote starts a string, brackets nest). Newlines are
// not looked at: advance() counts them over a whole part at once.
enum Class : unsigned char { plain = 0, quote, backslash, control, opening, closing };

struct Classes {
  Class in_string[256];
  Class in_value[256];
  constexpr Classes() : in_string(), in_value() {
    for (int c = 0; c < 0x20; ++c) in_string[c] = control;
    in_string[static_cast<unsigned char>('"')] = quote;
    in_string[static_cast<unsigned char>('\\')] = backslash;
    in_value[static_cast<unsigned char>('"')] = quote;
    in_value[static_cast<unsigned char>('{')] = opening;
    in_value[static_cast<unsigned char>('[')] = opening;
    in_value[static_cast<unsigned char>('}')] = closing;
    in_value[static_cast<unsigned char>(']')] = closing;
  }
};
constexpr Classes kClasses;

// The first byte in [i, end) that a string's or a value's walk must look
// at (kClasses says which). Sixteen bytes are tested at once where SSE2 is
// there (every x86-64): most bytes of a pretty-printed document are blanks,
// digits and letters, and a byte-by-byte walk was a quarter of a big
// comparison's time.
#if defined(__SSE2__)
__m128i bytes_equal(__m128i x, char c) { return _mm_cmpeq_epi8(x, _mm_set1_epi8(c)); }

int string_specials(__m128i x) {
  const __m128i control_byte = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(0x1f)), x);  // x <= 0x1f
  return _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(bytes_equal(x, '"'), bytes_equal(x, '\\')), control_byte));
}

int value_specials(__m128i x) {
  const __m128i braces = _mm_or_si128(bytes_equal(x, '{'), bytes_equal(x, '}'));
  const __m128i brackets = _mm_or_si128(bytes_equal(x, '['), bytes_equal(x, ']'));
  return _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(braces, brackets), bytes_equal(x, '"')));
}
#endif

template <bool kInString>
std::size_t next_special(const char* bytes, std::size_t i, std::size_t end) {
#if defined(__SSE2__)
  for (; i + 16 <= end; i += 16) {
    const __m128i group = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + i));
    const int found = kInString ? string_specials(group) : value_specials(group);
    if (found != 0) return i + static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(found)));
  }
#endif
  const Class(&table)[256] = kInString ? kClasses.in_string : kClasses.in_value;
  while (i < end && table[static_cast<unsigned char>(bytes[i])] == plain) ++i;
  return i;
}

std::size_t next_in_string(const char* bytes, std::size_t i, std::size_t end) { return next_special<true>(bytes, i, end); }
std::size_t next_in_value(const char* bytes, std::size_t i, std::size_t end) { return next_special<false>(bytes, i, end); }

// A byte as a complaint shows it.
std::string shown(int c) {
  if (c < 0) return "the end of the input";
  if (c >= 0x20 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
  char text[16];
  std::snprintf(text, sizeof text, "byte 0x%02x", static_cast<unsigned>(c));
  return text;
}

}  // namespace

JsonDocumentScanner::JsonDocumentScanner(int fd, std::string origin, std::uint64_t max_bytes, std::size_t max_part_bytes,
                                         int copy_fd)
    : fd_(fd),
      copy_fd_(copy_fd),
      origin_(std::move(origin)),
      max_bytes_(max_bytes),
      max_part_bytes_(max_part_bytes),
      key_parser_(std::make_unique<simdjson::dom::parser>()) {}

JsonDocumentScanner::JsonDocumentScanner(std::string_view text, std::string origin, std::size_t max_part_bytes)
    : text_(text),
      origin_(std::move(origin)),
      max_bytes_(text.size()),
      max_part_bytes_(max_part_bytes),
      key_parser_(std::make_unique<simdjson::dom::parser>()) {}

JsonDocumentScanner::~JsonDocumentScanner() = default;

void JsonDocumentScanner::fail(const std::string& problem) const {
  throw InputError(origin_ + ": line " + std::to_string(position_.line) + ", column " + std::to_string(position_.column) +
                   ": " + problem);
}

// Moves what is unread to the front and reads a block after it.
bool JsonDocumentScanner::fill() {
  if (input_ended_) return false;
  if (pos_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + pos_, end_ - pos_);
    end_ -= pos_;
    pos_ = 0;
  }
  if (fd_ < 0) {  // in memory: the next block of the text, the buffer no larger than it
    const std::size_t got = std::min<std::size_t>(kBlockBytes, text_.size() - read_total_);
    if (got == 0) {
      input_ended_ = true;
      return false;
    }
    if (buffer_.size() < end_ + got) buffer_.resize(end_ + got);
    std::memcpy(buffer_.data() + end_, text_.data() + read_total_, got);
    read_total_ += got;
    end_ += got;
    return true;
  }
  if (buffer_.size() < end_ + kBlockBytes) buffer_.resize(end_ + kBlockBytes);
  for (;;) {
    const ssize_t got = ::read(fd_, buffer_.data() + end_, kBlockBytes);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw InputError(origin_ + ": cannot read: " + std::strerror(errno));
    if (got == 0) {
      input_ended_ = true;
      return false;
    }
    read_total_ += static_cast<std::uint64_t>(got);
    if (read_total_ > max_bytes_)
      throw InputError(origin_ + ": is over " + std::to_string(max_bytes_) + " bytes; inputs up to that are read");
    if (copy_fd_ >= 0) write_all(copy_fd_, buffer_.data() + end_, static_cast<std::size_t>(got), origin_);
    end_ += static_cast<std::size_t>(got);
    return true;
  }
}

int JsonDocumentScanner::peek() {
  if (pos_ == end_ && !fill()) return -1;
  return static_cast<unsigned char>(buffer_[pos_]);
}

void JsonDocumentScanner::advance(std::size_t end) {
  const char* first = buffer_.data() + pos_;
  const char* last = buffer_.data() + end;
  const auto lines = static_cast<std::uint64_t>(std::count(first, last, '\n'));
  if (lines == 0) {
    position_.column += end - pos_;
  } else {
    position_.line += lines;
    const char* after_newline = last;
    while (after_newline[-1] != '\n') --after_newline;
    position_.column = 1 + static_cast<std::uint64_t>(last - after_newline);
  }
  position_.offset += end - pos_;
  pos_ = end;
}

void JsonDocumentScanner::skip_blank() {
  for (;;) {
    while (pos_ < end_ && is_blank(static_cast<unsigned char>(buffer_[pos_]))) {
      if (buffer_[pos_] == '\n') {
        ++position_.line;
        position_.column = 0;
      }
      ++position_.column;
      ++position_.offset;
      ++pos_;
    }
    if (pos_ < end_ || !fill()) return;
  }
}

void JsonDocumentScanner::expect(char wanted, const char* what) {
  skip_blank();
  const int c = peek();
  if (c != wanted) fail(std::string("expected ") + what + ", found " + shown(c));
  advance(pos_ + 1);
}

// Just after the string whose opening quote is at `from`; reads more input
// as needed (offsets stay valid: fill() moves only what is before pos_).
std::size_t JsonDocumentScanner::string_end(std::size_t from) {
  std::size_t i = from + 1;
  for (;;) {
    const char* bytes = buffer_.data();
    while ((i = next_in_string(bytes, i, end_)) < end_) {
      const Class k = kClasses.in_string[static_cast<unsigned char>(bytes[i])];
      if (k == quote) return i + 1;
      if (k == backslash) {
        if (i + 1 >= end_) break;  // the escaped byte is in the next block
        i += 2;
        continue;
      }
      advance(i);
      fail("a control character inside a string (JSON escapes them)");
    }
    const std::size_t offset = i - pos_;
    if (!fill()) {
      advance(end_);
      fail("the input ends inside a string (a truncated file?)");
    }
    i = pos_ + offset;
    if (i - pos_ > max_part_bytes_) fail("a value of over " + std::to_string(max_part_bytes_) + " bytes");
  }
}

// Just after the value that starts at pos_ (blank skipped): a string, an
// object or array (brackets counted, strings stepped over), or a scalar up
// to the next delimiter.
std::size_t JsonDocumentScanner::value_end() {
  const int first = peek();
  if (first < 0) fail("the input ends where a value should be (a truncated file?)");
  if (first == '"') return string_end(pos_);
  if (!starts_value(first)) fail("expected a value, found " + shown(first));
  if (first != '{' && first != '[') {
    // A number, true, false or null: up to the first byte none of them holds
    // (the part's parser judges the rest; a run of zeros stops here at once).
    std::size_t i = pos_;
    for (;;) {
      while (i < end_) {
        if (!in_scalar(static_cast<unsigned char>(buffer_[i]))) return i;
        ++i;
      }
      const std::size_t offset = i - pos_;
      if (!fill()) return end_;
      i = pos_ + offset;
      if (i - pos_ > max_part_bytes_) fail("a value of over " + std::to_string(max_part_bytes_) + " bytes");
    }
  }
  std::size_t depth = 0;
  std::size_t i = pos_;
  for (;;) {
    while ((i = next_in_value(buffer_.data(), i, end_)) < end_) {
      const Class k = kClasses.in_value[static_cast<unsigned char>(buffer_[i])];
      if (k == quote) {
        i = string_end(i);  // may read more and move the buffer: the offset it returns is current
        continue;
      }
      if (k == opening) {
        if (++depth > kMaxDepth) {
          advance(i);
          fail("nested deeper than " + std::to_string(kMaxDepth) + " levels");
        }
      } else if (--depth == 0) {
        return i + 1;
      }
      ++i;
    }
    const std::size_t offset = i - pos_;
    if (!fill()) {
      advance(end_);
      fail("the input ends inside a value (a truncated file?)");
    }
    i = pos_ + offset;
    if (i - pos_ > max_part_bytes_) fail("a value of over " + std::to_string(max_part_bytes_) + " bytes");
  }
}

std::string_view JsonDocumentScanner::take(std::size_t end) {
  part_position_ = position_;
  part_.assign(buffer_.data() + pos_, end - pos_);
  const std::size_t size = part_.size();
  part_.append(kPadding, '\0');
  advance(end);
  return {part_.data(), size};
}

std::optional<std::string> JsonDocumentScanner::next_key() {
  if (state_ == State::value || state_ == State::elements) fail("the scanner was asked for a key inside a value");
  if (state_ == State::done) return std::nullopt;
  if (state_ == State::start) {
    skip_blank();
    if (peek() < 0) fail("the input is empty");
    if (end_ - pos_ >= 3 && std::memcmp(buffer_.data() + pos_, "\xEF\xBB\xBF", 3) == 0) advance(pos_ + 3);  // a UTF-8 BOM
    expect('{', "a JSON object");
    state_ = State::members;
  }
  skip_blank();
  if (peek() == '}') {
    advance(pos_ + 1);
    skip_blank();
    if (peek() >= 0) fail("text after the document's end: " + shown(peek()));
    state_ = State::done;
    return std::nullopt;
  }
  if (!first_member_) {
    expect(',', "',' or '}' after a member");
    skip_blank();
  }
  first_member_ = false;
  if (peek() != '"') fail("expected a key (a string), found " + shown(peek()));
  const std::string_view quoted = take(string_end(pos_));
  std::string_view key;
  if (key_parser_->parse(quoted.data(), quoted.size(), false).get(key) != simdjson::SUCCESS)
    fail("a key that is not a valid JSON string");
  std::string result(key);
  if (!top_level_keys_.insert(result).second) fail(repeated_key_problem(result, "the document's top-level object"));
  expect(':', "':' after a key");
  skip_blank();
  state_ = State::value;
  return result;
}

std::string_view JsonDocumentScanner::value() {
  if (state_ != State::value) fail("the scanner was asked for a value where there is none");
  state_ = State::members;
  return take(value_end());
}

void JsonDocumentScanner::skip_value() {
  if (state_ != State::value) fail("the scanner was asked to skip a value where there is none");
  state_ = State::members;
  advance(value_end());
}

int JsonDocumentScanner::value_kind() {
  if (state_ != State::value) fail("the scanner was asked for a value where there is none");
  return peek();
}

void JsonDocumentScanner::enter_array() {
  if (state_ != State::value) fail("the scanner was asked for an array where there is none");
  if (peek() != '[') fail("expected an array, found " + shown(peek()));
  advance(pos_ + 1);
  state_ = State::elements;
  first_element_ = true;
}

std::optional<std::string_view> JsonDocumentScanner::next_element() {
  if (state_ != State::elements) fail("the scanner was asked for an element outside an array");
  skip_blank();
  if (peek() == ']') {
    advance(pos_ + 1);
    state_ = State::members;
    return std::nullopt;
  }
  if (!first_element_) {
    expect(',', "',' or ']' after an element");
    skip_blank();
  }
  first_element_ = false;
  return take(value_end());
}

}  // namespace perfgate::detail
