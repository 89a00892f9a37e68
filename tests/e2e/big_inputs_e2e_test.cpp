// Inputs built to exhaust a reader (issue 28): 100,000 nested arrays, a
// number beyond a double, a file cut off mid-row and a 1 GB sparse file
// are each refused by `perfgate compare` with one line naming the file,
// exit 2, in memory that does not grow with the input; so is standard input. Peak memory is the
// child's own maximum resident set (wait4), a bound that load cannot move.

#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "perfgate/formats/results_io.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

extern char** environ;

namespace perfgate {
namespace {

using testing::read_text;
using testing::TempDir;
using testing::write_text;

// Far above a refusal's few megabytes, far below what holding any of these
// inputs (or a DOM of them) takes.
constexpr long kBoundedKiB = 96 * 1024;

struct MeasuredRun {
  int exit_code = -1;
  std::string errors;  // standard error
  long peak_kib = 0;
};

// `perfgate compare BASE CUR`; with `piped_in`, CUR is "-" and standard
// input is that command's output (a pipe).  wait4's figures cover the
// shell's waited-for children: the pipe's writer and perfgate.
MeasuredRun compare_measured(const std::filesystem::path& base, const std::filesystem::path& cur,
                             const std::filesystem::path& errors, const std::string& piped_in = "") {
  const std::string current = piped_in.empty() ? testing::shell_word(cur) : "-";
  const std::string command = (piped_in.empty() ? "" : piped_in + " | ") + "exec " + testing::shell_word(PERFGATE_CLI) +
                              " compare " + testing::shell_word(base) + " " + current + " >/dev/null 2>" +
                              testing::shell_word(errors);
  std::vector<char*> argv{const_cast<char*>("/bin/sh"), const_cast<char*>("-c"), const_cast<char*>(command.c_str()), nullptr};
  pid_t child = 0;
  MeasuredRun run;
  if (::posix_spawn(&child, "/bin/sh", nullptr, nullptr, argv.data(), environ) != 0) return run;
  int status = 0;
  rusage usage{};
  if (::wait4(child, &status, 0, &usage) != child) return run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.errors = read_text(errors);
  run.peak_kib = usage.ru_maxrss;
  return run;
}

std::string gbench_head() {
  return "{\n  \"context\": {\"date\": \"2026-11-26T10:00:00+00:00\", \"num_cpus\": 2, \"mhz_per_cpu\": 2000,"
         " \"library_build_type\": \"release\"},\n  \"benchmarks\": [\n";
}

std::string gbench_row(int i, const std::string& real_time) {
  return "    {\"name\": \"BM_case/" + std::to_string(i) + "\", \"run_name\": \"BM_case/" + std::to_string(i) +
         "\", \"run_type\": \"iteration\", \"repetitions\": 3, \"repetition_index\": 0, \"threads\": 1,"
         " \"iterations\": 1000, \"real_time\": " + real_time + ", \"cpu_time\": 1.0e+03, \"time_unit\": \"ns\"}";
}

class BigInputs : public ::testing::Test {
 protected:
  void SetUp() override {
    save_results(testing::results("s", {testing::benchmark("BM_case/0", {1e-6, 1.1e-6, 0.9e-6})}), dir_ / "base.json");
  }
  void expect_refused(const std::string& name, const std::string& problem, const std::string& piped_in = "") {
    const MeasuredRun run = compare_measured(dir_ / "base.json", dir_ / name, dir_ / "errors.txt", piped_in);
    const std::string named = piped_in.empty() ? (dir_ / name).string() : "<stdin>";
    EXPECT_EQ(run.exit_code, 2) << name << ": " << run.errors;
    EXPECT_EQ(run.errors.rfind("perfgate: error: " + named + ": ", 0), 0u) << name << ": " << run.errors;
    EXPECT_NE(run.errors.find(problem), std::string::npos) << name << ": " << run.errors;
    EXPECT_EQ(std::count(run.errors.begin(), run.errors.end(), '\n'), 1) << name << ": " << run.errors;
    EXPECT_LT(run.peak_kib, kBoundedKiB) << name;
  }
  TempDir dir_;
};

TEST_F(BigInputs, HundredThousandNestedArraysAreRefusedAtTheDepthLimit) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  write_text(dir_ / "deep.json", gbench_head() + "    {\"name\": \"BM_case/0\", \"x\": " + deep + "}\n  ]\n}\n");
  expect_refused("deep.json", "nested deeper than 1024 levels");
  write_text(dir_ / "deep_results.json", "{\"schema\": \"perfgate-results\", \"x\": " + deep + "}\n");
  const MeasuredRun run = compare_measured(dir_ / "base.json", dir_ / "deep_results.json", dir_ / "errors.txt");
  EXPECT_EQ(run.exit_code, 2) << run.errors;
  EXPECT_EQ(std::count(run.errors.begin(), run.errors.end(), '\n'), 1) << run.errors;
  EXPECT_LT(run.peak_kib, kBoundedKiB);
}

TEST_F(BigInputs, ANumberBeyondADoubleIsNamedWithItsPlace) {
  std::string text = gbench_head();
  for (int i = 0; i < 20; ++i) text += gbench_row(i, i == 13 ? "1e400" : "1.0e+03") + (i < 19 ? ",\n" : "\n");
  write_text(dir_ / "huge_number.json", text + "  ]\n}\n");
  expect_refused("huge_number.json", "benchmarks[13]");
}

TEST_F(BigInputs, AFileCutOffMidRowIsTruncated) {
  std::string text = gbench_head();
  for (int i = 0; i < 20000; ++i) text += gbench_row(i, "1.0e+03") + ",\n";
  write_text(dir_ / "truncated.json", text.substr(0, text.size() - 100));
  expect_refused("truncated.json", "a truncated file?");
}

// Sparse: a gigabyte on the disk's books, nothing on it. Zeros from the
// first byte, and zeros after a valid start of Google Benchmark JSON.
TEST_F(BigInputs, AGigabyteSparseFileIsRefusedAtItsFirstBadByte) {
  const std::uintmax_t gigabyte = 1000000000;
  { std::ofstream(dir_ / "zeros.json"); }
  std::filesystem::resize_file(dir_ / "zeros.json", gigabyte);
  expect_refused("zeros.json", "byte 0x00");
  write_text(dir_ / "zeros_after.json", gbench_head() + gbench_row(0, "1.0e+03") + ",\n");
  std::filesystem::resize_file(dir_ / "zeros_after.json", gigabyte);
  expect_refused("zeros_after.json", "byte 0x00");
}

// Standard input is read as it streams too (each block copied aside in
// case a second read is needed): a gigabyte of zeros piped in stops at its
// first byte, and a valid input whose whole-document reading would take
// several times the bound is compared within it.
TEST_F(BigInputs, StandardInputIsReadAsItStreams) {
  expect_refused("-", "byte 0x00", "head -c 1000000000 /dev/zero");
  // 600,000 rows (20 cases of 30,000 repetitions), about 130 MB, made by the
  // pipe's writer: whole, the text alone would be above the bound.
  std::string rows;
  for (int i = 0; i < 20; ++i) rows += gbench_row(i, "1.0e+03") + ",\n";
  rows.pop_back();  // `yes` adds the last newline
  write_text(dir_ / "head.txt", gbench_head());
  write_text(dir_ / "rows.txt", rows);
  write_text(dir_ / "tail.txt", gbench_row(20, "1.0e+03") + "\n  ]\n}\n");
  const std::string writer = "{ cat " + testing::shell_word(dir_ / "head.txt") + "; yes \"$(cat " +
                             testing::shell_word(dir_ / "rows.txt") + ")\" | head -n 600000; cat " +
                             testing::shell_word(dir_ / "tail.txt") + "; }";
  const MeasuredRun run = compare_measured(dir_ / "base.json", "-", dir_ / "errors.txt", writer);
  EXPECT_EQ(run.exit_code, 0) << run.errors;
  EXPECT_LT(run.peak_kib, kBoundedKiB);
}

// Issue 41: three cases with 5 MB messages (an error, a skip reason, a
// label) made 15 MB of JUnit and 5 MB console lines; each is cut where it
// is read, saying so, and every report stays small.
TEST_F(BigInputs, FiveMegabyteMessagesAreCutInEveryReport) {
  const std::string big(5'000'000, 'E');
  std::string rows = gbench_row(0, "1.0e+03") + ",\n";
  rows += "    {\"name\": \"BM_err\", \"run_type\": \"iteration\", \"iterations\": 0, \"real_time\": 0, \"cpu_time\": 0,"
          " \"time_unit\": \"ns\", \"error_occurred\": true, \"error_message\": \"" + big + "\"},\n";
  rows += "    {\"name\": \"BM_skip\", \"run_type\": \"iteration\", \"iterations\": 0, \"real_time\": 0, \"cpu_time\": 0,"
          " \"time_unit\": \"ns\", \"skipped\": true, \"skip_message\": \"" + big + "\"}\n";
  write_text(dir_ / "big.json", gbench_head() + rows + "  ]\n}\n");
  const testing::CommandResult run = testing::run_shell(
      testing::shell_word(PERFGATE_CLI) + " compare " + testing::shell_word((dir_ / "base.json").string()) + " " +
      testing::shell_word((dir_ / "big.json").string()) + " --junit " + testing::shell_word((dir_ / "j.xml").string()) +
      " --json " + testing::shell_word((dir_ / "c.json").string()) + " --markdown " +
      testing::shell_word((dir_ / "m.md").string()));
  EXPECT_LT(run.output.size(), 64u * 1024) << "the console copied a message whole";
  EXPECT_NE(run.output.find("cut: 5000000 bytes in all"), std::string::npos) << run.output.substr(0, 2000);
  for (const char* report : {"j.xml", "c.json", "m.md"}) {
    ASSERT_TRUE(std::filesystem::exists(dir_ / report)) << report << "\n" << run.output.substr(0, 2000);
    EXPECT_LT(std::filesystem::file_size(dir_ / report), 64u * 1024) << report;
  }
  EXPECT_NE(read_text(dir_ / "j.xml").find("cut: 5000000 bytes in all"), std::string::npos);
}

}  // namespace
}  // namespace perfgate
