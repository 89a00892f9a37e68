#pragma once
// One JSON document's top-level object, read in blocks: its members one at a
// time, and an array member's elements one at a time, each as its own text,
// so that a reader holds one part of a document of any size, never the
// whole (issue 28).  The scanner checks the structure between the parts it
// hands out (the object's braces, keys, colons and commas) and finds where
// each value ends (brackets, strings and their escapes); each part's own
// text is checked by the full parser the caller gives it to.  Every
// complaint is an InputError "ORIGIN: line L, column C: problem".

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <memory>
#include <vector>

// Declared, not included: simdjson's types differ with its build settings
// (SIMDJSON_THREADS_ENABLED, which only perfgate::model is compiled with),
// and this header is included by tests too.
namespace simdjson::dom {
class parser;
}

namespace perfgate::detail {

// Where the scanner stands: 1-based line and column (in bytes), and the
// byte offset from the document's start.
struct TextPosition {
  std::uint64_t offset = 0;
  std::uint64_t line = 1;
  std::uint64_t column = 1;
};

class JsonDocumentScanner {
 public:
  // Nesting deeper than this is refused (as parsers refuse it: a document
  // of 100,000 '[' is an attack on a recursive reader, not a result).
  static constexpr std::size_t kMaxDepth = 1024;

  // Reads from `fd` (not closed here) at most `max_bytes`; `max_part_bytes`
  // bounds one value handed out whole (an element, a member).  Each block
  // read is also written to `copy_fd` when it is not -1 (standard input kept
  // for a second read: input_file.hpp).
  JsonDocumentScanner(int fd, std::string origin, std::uint64_t max_bytes, std::size_t max_part_bytes, int copy_fd = -1);
  // Reads `text`, which must outlive the scanner, a block at a time as from a file.
  JsonDocumentScanner(std::string_view text, std::string origin, std::size_t max_part_bytes);
  ~JsonDocumentScanner();

  // The next member's key (unescaped); nullopt after the object's last
  // member, when the rest of the input must be blank.
  std::optional<std::string> next_key();

  // The current member's value, whole.  Its text stays valid until the next
  // call; `padding` bytes after it are readable (a SIMD parser reads past
  // the end).
  std::string_view value();

  // Steps into the current member's value, which must be an array: then
  // next_element() hands out its elements until it returns nullopt.
  void enter_array();
  std::optional<std::string_view> next_element();

  // Steps over the current member's value.
  void skip_value();

  // The first byte of the current member's value ('{', '[', '"', a digit...).
  int value_kind();

  // Where the part last handed out began.
  const TextPosition& part_position() const { return part_position_; }
  const std::string& origin() const { return origin_; }

  // Bytes after each part's text that may be read (zeros), as simdjson asks.
  static constexpr std::size_t kPadding = 64;

 private:
  [[noreturn]] void fail(const std::string& problem) const;
  bool fill();                        // reads more input; false at its end
  int peek();                         // the next byte, -1 at the end
  void skip_blank();
  void expect(char wanted, const char* what);
  std::size_t value_end();            // the offset (in buffer_) just after the value at pos_
  std::size_t string_end(std::size_t from);
  std::string_view take(std::size_t end);  // hands out [pos_, end) padded, and steps over it
  void advance(std::size_t end);      // steps over [pos_, end), counting lines

  int fd_ = -1;
  int copy_fd_ = -1;
  std::string_view text_;             // the input when it is in memory (fd_ < 0)
  std::string origin_;
  std::uint64_t max_bytes_;
  std::size_t max_part_bytes_;
  std::vector<char> buffer_;
  std::size_t pos_ = 0;               // the next unread byte in buffer_
  std::size_t end_ = 0;               // the end of what buffer_ holds
  std::uint64_t read_total_ = 0;
  bool input_ended_ = false;
  TextPosition position_;             // of buffer_[pos_]
  TextPosition part_position_;
  std::string part_;                  // the padded copy of the part last handed out
  std::unique_ptr<simdjson::dom::parser> key_parser_;  // unescapes and checks each key
  enum class State { start, members, value, elements, done } state_ = State::start;
  bool first_member_ = true;
  bool first_element_ = true;
  std::set<std::string> top_level_keys_;  // a repeated one is refused (json_unique_keys.hpp)
};

}  // namespace perfgate::detail
