// "-" as standard input wherever a command reads one file (input_file.hpp).

#include "perfgate/model/input_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "perfgate/model/errors.hpp"
#include "perfgate/model/results_io.hpp"
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
