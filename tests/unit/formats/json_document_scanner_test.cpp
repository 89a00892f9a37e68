// The scanner that hands out a JSON document's members and an array's
// elements one at a time (issue 28): the parts it finds, where they end
// (strings with brackets and escapes, across its 1 MiB blocks), and its
// one-line refusals with line and column, in memory that does not grow with
// the document.

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "json_document_scanner.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate::detail {
namespace {

namespace fs = std::filesystem;

class ScannerFile {
 public:
  explicit ScannerFile(const std::string& text) {
    path_ = fs::temp_directory_path() / ("perfgate-scanner-" + std::to_string(::getpid()) + "-" + std::to_string(counter_++));
    std::ofstream(path_, std::ios::binary) << text;
    fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  }
  ~ScannerFile() {
    ::close(fd_);
    fs::remove(path_);
  }
  int fd() const { return fd_; }

 private:
  static inline int counter_ = 0;
  fs::path path_;
  int fd_ = -1;
};

constexpr std::uint64_t kAnySize = std::uint64_t{1} << 40;

struct Read {
  std::vector<std::string> keys;
  std::vector<std::string> values;    // every member's value but the array's
  std::vector<std::string> elements;  // the "list" member's elements
};

Read read_all(const std::string& text, std::size_t max_part = 1 << 20) {
  ScannerFile file(text);
  JsonDocumentScanner scanner(file.fd(), "doc.json", kAnySize, max_part);
  Read read;
  while (const auto key = scanner.next_key()) {
    read.keys.push_back(*key);
    if (*key == "list") {
      scanner.enter_array();
      while (const auto element = scanner.next_element()) read.elements.emplace_back(*element);
    } else {
      read.values.emplace_back(scanner.value());
    }
  }
  return read;
}

std::string error_of(const std::string& text, std::size_t max_part = 1 << 20) {
  try {
    read_all(text, max_part);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(JsonDocumentScanner, HandsOutEachMemberAndEachElementAsItsText) {
  const Read read = read_all(
      "\xEF\xBB\xBF{ \"a\" : 1.5e3 ,\"b\\u0021\":{\"x\":[1,{\"]\":\"}\"}]}, \"list\": [ {\"n\": \"q\\\"}\"} , [], 7,\"s\" ,null],"
      "\"t\":true}\n");
  EXPECT_EQ(read.keys, (std::vector<std::string>{"a", "b!", "list", "t"}));
  EXPECT_EQ(read.values, (std::vector<std::string>{"1.5e3", "{\"x\":[1,{\"]\":\"}\"}]}", "true"}));
  EXPECT_EQ(read.elements, (std::vector<std::string>{"{\"n\": \"q\\\"}\"}", "[]", "7", "\"s\"", "null"}));
}

// Parts that span the scanner's 1 MiB blocks, a string's escape cut at a
// block's end among them, come out whole.
TEST(JsonDocumentScanner, PartsAcrossBlocksComeOutWhole) {
  std::string text = "{\"list\": [";
  std::vector<std::string> expected;
  for (int i = 0; i < 3000; ++i) {
    std::string element = "{\"name\": \"" + std::string(static_cast<std::size_t>(200 + i % 997), 'x') + "\\\\\\\"]\", \"v\": [" +
                          std::to_string(i) + "]}";
    text += (i == 0 ? "" : ",\n") + element;
    expected.push_back(element);
  }
  text += "], \"after\": {\"k\": \"v\"}}";
  const Read read = read_all(text);
  EXPECT_EQ(read.elements, expected);
  EXPECT_EQ(read.keys, (std::vector<std::string>{"list", "after"}));
  EXPECT_EQ(read.values, (std::vector<std::string>{"{\"k\": \"v\"}"}));
}

// The escape of a quote with its backslash the last byte of the first
// block (the scanner reads 1 MiB at a time): the string goes on after it.
TEST(JsonDocumentScanner, AnEscapeCutByTheBlockEndStillEscapes) {
  const std::string head = "{\"a\": ";
  const std::string value = "\"" + std::string((std::size_t{1} << 20) - 8, 'x') + "\\\"]}\"";
  const std::string text = head + value + "}";
  ASSERT_EQ(text.find('\\'), (std::size_t{1} << 20) - 1);  // the backslash ends the first block
  const Read read = read_all(text);
  ASSERT_EQ(read.values.size(), 1u);
  EXPECT_EQ(read.values[0], value);
}

TEST(JsonDocumentScanner, RefusesBrokenStructureWithItsLineAndColumn) {
  EXPECT_EQ(error_of(""), "doc.json: line 1, column 1: the input is empty");
  EXPECT_EQ(error_of("[1, 2]"), "doc.json: line 1, column 1: expected a JSON object, found '['");
  EXPECT_EQ(error_of("{\"a\": 1,\n \"b\": 2,}"), "doc.json: line 2, column 9: expected a key (a string), found '}'");
  EXPECT_EQ(error_of("{\"a\" 1}"), "doc.json: line 1, column 6: expected ':' after a key, found '1'");
  EXPECT_EQ(error_of("{\"a\": 1 \"b\": 2}"), "doc.json: line 1, column 9: expected ',' or '}' after a member, found '\"'");
  EXPECT_EQ(error_of("{\"list\": [1,]}"), "doc.json: line 1, column 13: expected a value, found ']'");
  EXPECT_EQ(error_of("{\"list\": [1 2]}"), "doc.json: line 1, column 13: expected ',' or ']' after an element, found '2'");
  EXPECT_EQ(error_of("{\"a\": 1} x"), "doc.json: line 1, column 10: text after the document's end: 'x'");
  EXPECT_EQ(error_of("{\"a\": \"tab\there\"}"), "doc.json: line 1, column 11: a control character inside a string (JSON escapes them)");
}

// The scanner looks at 16 bytes at a time for what ends a string or a value:
// whatever a byte's place in its group (and in the lines before it), each
// special byte is found and named where it is.
TEST(JsonDocumentScanner, FindsEachSpecialByteWhereverItFallsInAGroupOfSixteen) {
  for (std::size_t before = 0; before < 40; ++before) {
    const std::string filler(before, 'x');
    const std::string lines = "{\"p\": [1,\n 2],\n \"s\": \"";
    EXPECT_EQ(error_of(lines + filler + "\x01\"}"),
              "doc.json: line 3, column " + std::to_string(8 + before) + ": a control character inside a string (JSON escapes them)")
        << before;
    const std::string nested = "{\"list\": [{\"k\": [\"" + filler + "\\\"]\", {\"" + filler + "}\": 1}]}], \"z\": 0}";
    const Read read = read_all(nested);
    ASSERT_EQ(read.elements.size(), 1u) << before;
    EXPECT_EQ(read.elements[0], "{\"k\": [\"" + filler + "\\\"]\", {\"" + filler + "}\": 1}]}") << before;
    EXPECT_EQ(read.keys, (std::vector<std::string>{"list", "z"})) << before;
  }
}

TEST(JsonDocumentScanner, RefusesATruncatedDocument) {
  EXPECT_EQ(error_of("{\"a\": [1, 2"), "doc.json: line 1, column 12: the input ends inside a value (a truncated file?)");
  EXPECT_EQ(error_of("{\"a\": \"abc"), "doc.json: line 1, column 11: the input ends inside a string (a truncated file?)");
  EXPECT_EQ(error_of("{\"a\": "), "doc.json: line 1, column 7: the input ends where a value should be (a truncated file?)");
  EXPECT_EQ(error_of("{\"list\": [{}"), "doc.json: line 1, column 13: expected ',' or ']' after an element, found the end of the input");
}

// 100,000 nested arrays: refused at the scanner's depth, its memory that of
// the 1,025 brackets read, not of the document.
TEST(JsonDocumentScanner, RefusesNestingDeeperThanItsLimit) {
  const std::string deep = "{\"a\": " + std::string(100000, '[') + std::string(100000, ']') + "}";
  EXPECT_EQ(error_of(deep), "doc.json: line 1, column 1031: nested deeper than 1024 levels");
  const std::string fine = "{\"a\": " + std::string(1024, '[') + std::string(1024, ']') + "}";
  EXPECT_EQ(error_of(fine), "");
}

TEST(JsonDocumentScanner, RefusesAPartOverItsBound) {
  const std::string big = "{\"list\": [\"" + std::string(5 << 20, 'y') + "\"]}";
  EXPECT_NE(error_of(big, 1 << 20).find("a value of over 1048576 bytes"), std::string::npos) << error_of(big, 1 << 20);
  EXPECT_EQ(error_of(big, 8 << 20), "");
}

TEST(JsonDocumentScanner, RefusesAnInputOverItsSize) {
  ScannerFile file("{\"a\": \"" + std::string(3 << 20, 'z') + "\"}");
  JsonDocumentScanner scanner(file.fd(), "doc.json", 2 << 20, 8 << 20);
  ASSERT_EQ(scanner.next_key(), "a");
  try {
    scanner.value();
    FAIL() << "a 3 MiB input was read under a 2 MiB cap";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "doc.json: is over 2097152 bytes; inputs up to that are read");
  }
}

}  // namespace
}  // namespace perfgate::detail
