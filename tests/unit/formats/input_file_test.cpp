// "-" as standard input wherever a command reads one file (input_file.hpp).

#include "perfgate/formats/input_file.hpp"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <thread>

#include <gtest/gtest.h>

#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"
#include "json_reader.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

// Standard input replaced by a pipe holding `text` for the test's length.
class StandardInputFrom {
 public:
  explicit StandardInputFrom(const std::string& text) : saved_(::dup(STDIN_FILENO)) {
    int ends[2];
    EXPECT_EQ(::pipe(ends), 0);
    // Small texts only: the pipe's buffer (64 KiB) holds them before anyone reads.
    EXPECT_EQ(::write(ends[1], text.data(), text.size()), static_cast<ssize_t>(text.size()));
    ::close(ends[1]);
    ::dup2(ends[0], STDIN_FILENO);
    ::close(ends[0]);
  }
  ~StandardInputFrom() {
    ::dup2(saved_, STDIN_FILENO);
    ::close(saved_);
  }

 private:
  int saved_;
};

// Standard input replaced by a stream socket that a thread fills with
// `text` of any size (a pipe's writer would be killed by SIGPIPE if the
// reader stops early; a socket's send is told not to signal).
class StandardInputStream {
 public:
  explicit StandardInputStream(std::string text) : saved_(::dup(STDIN_FILENO)), text_(std::move(text)) {
    int ends[2];
    EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, ends), 0);
    ::dup2(ends[0], STDIN_FILENO);
    ::close(ends[0]);
    writer_ = std::thread([this, fd = ends[1]] {
      for (std::size_t sent = 0; sent < text_.size();) {
        const ssize_t n = ::send(fd, text_.data() + sent, text_.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) break;
        sent += static_cast<std::size_t>(n);
      }
      ::close(fd);
    });
  }
  ~StandardInputStream() {
    ::dup2(saved_, STDIN_FILENO);  // the reading end closed: a writer still sending stops
    ::close(saved_);
    writer_.join();
  }

 private:
  int saved_;
  std::string text_;
  std::thread writer_;
};

// Three megabytes of text, distinct at every place.
std::string numbered_text() {
  std::string text;
  for (int i = 0; text.size() < 3000000; ++i) text += std::to_string(i) + "\n";
  return text;
}

TEST(InputFile, AStreamIsReadOnceAndCopiedAsideToBeReadAgain) {
  const std::string text = numbered_text();
  const StandardInputStream in(text);
  RereadableStandardInput input;
  ASSERT_TRUE(input.rereadable());
  ASSERT_GE(input.copy_fd(), 0);
  // A first read of some of it, each block copied aside as a streamed reader does.
  std::string first(1000000, '\0');
  std::size_t got = 0;
  while (got < first.size()) {
    const ssize_t n = ::read(STDIN_FILENO, first.data() + got, first.size() - got);
    ASSERT_GT(n, 0);
    detail::write_all(input.copy_fd(), first.data() + got, static_cast<std::size_t>(n), "<stdin>");
    got += static_cast<std::size_t>(n);
  }
  EXPECT_EQ(read_rest(input.rewind(), "<stdin>"), text);
  EXPECT_EQ(read_rest(input.rewind(), "<stdin>"), text) << "read again, and again";
}

TEST(InputFile, AFileGivenAsStandardInputIsReadAgainFromWhereItStood) {
  const testing::TempDir dir;
  testing::write_text(dir / "in.json", "skip{\"a\": 1}");
  const int saved = ::dup(STDIN_FILENO);
  const int file = ::open((dir / "in.json").c_str(), O_RDONLY);
  ASSERT_EQ(::lseek(file, 4, SEEK_SET), 4);
  ::dup2(file, STDIN_FILENO);
  ::close(file);
  {
    RereadableStandardInput input;
    EXPECT_TRUE(input.rereadable());
    EXPECT_EQ(input.copy_fd(), -1) << "a file needs no copy";
    EXPECT_EQ(read_rest(STDIN_FILENO, "<stdin>"), "{\"a\": 1}");
    EXPECT_EQ(read_rest(input.rewind(), "<stdin>"), "{\"a\": 1}");
  }
  ::dup2(saved, STDIN_FILENO);
  ::close(saved);
}

// NVBench JSON is read in two passes: from a stream, the second reads the copy.
TEST(InputFile, NvbenchJsonStreamedInIsReadAsFromItsFile) {
  const std::filesystem::path file = std::filesystem::path(PERFGATE_TEST_FIXTURES) / "real" / "nvbench__test_ref.json";
  ASSERT_TRUE(std::filesystem::exists(file)) << file;
  Results from_file = load_results(file);
  const StandardInputStream in(read_input(file));
  const Results from_stream = load_results("-");
  EXPECT_EQ(from_stream.origin, "<stdin>");
  from_file.origin = from_stream.origin;
  from_file.suite = from_stream.suite;  // named after the program, else the file
  EXPECT_EQ(results_to_json(from_stream), results_to_json(from_file));
  EXPECT_EQ(from_stream.benchmarks.size(), 126u);
}

TEST(InputFile, DashIsStandardInputNamedStdin) {
  EXPECT_TRUE(is_standard_input("-"));
  EXPECT_FALSE(is_standard_input("./-"));
  EXPECT_FALSE(is_standard_input("a.json"));
  EXPECT_EQ(input_name("-"), "<stdin>");
  EXPECT_EQ(input_name("dir/a.json"), "dir/a.json");
}

TEST(InputFile, ReadsStandardInputFromAPipe) {
  const StandardInputFrom in("{\"piped\": true}\n");
  EXPECT_EQ(read_input("-"), "{\"piped\": true}\n");
}

TEST(InputFile, ResultsFromStandardInputNameItInErrors) {
  const Results r = testing::results("host", {testing::benchmark("a", testing::lognormal_samples(1e-3, 0.01, 10, 1))});
  {
    const StandardInputFrom in(results_to_json(r));
    EXPECT_EQ(load_results("-").benchmarks.at(0).name, "a");
  }
  const StandardInputFrom in("not json");
  try {
    load_results("-");
    FAIL() << "text that is not JSON was loaded";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("<stdin>: ", 0), 0u) << e.what();
  }
}

TEST(InputFile, FilesKeepTheLoadersChecks) {
  const testing::TempDir dir;
  testing::write_text(dir / "a.json", "text");
  EXPECT_EQ(read_input(dir / "a.json"), "text");
  EXPECT_THROW(read_input(dir / "missing.json"), InputError);
  EXPECT_THROW(read_input(dir.path()), InputError);
}

TEST(InputFile, StandardInputReadOnce) {
  EXPECT_NO_THROW(require_standard_input_once({"-", "a.json"}, "X"));
  try {
    require_standard_input_once({"-", "b.json", "-"}, "X");
    FAIL() << "standard input named twice was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "standard input ('-') can be read once; X names it 2 times");
  }
}

}  // namespace
}  // namespace perfgate
