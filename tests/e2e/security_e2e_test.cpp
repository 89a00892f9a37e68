// What perfgate trusts (docs/design.md): results files and the names in them
// come from anywhere (a fork's CI artifacts), so a suite name never leaves the
// baseline folder, untrusted text reaches the terminal escaped, devices that
// the gate calls incomparable are never pooled, the temporary folder of
// `baseline update` is private, and a planted suite manifest is never used.

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/formats/results_io.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::benchmark;
using testing::lognormal_samples;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;
using testing::write_text;

Results suite_run(const std::string& suite, std::uint64_t seed, Fingerprint device = testing::test_cpu()) {
  return testing::results(suite, {benchmark("gemm/fp32/1024", lognormal_samples(2e-3, 0.01, 10, seed))},
                          std::move(device));
}

std::size_t lines(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

bool has_raw_control(const std::string& text) {
  return std::any_of(text.begin(), text.end(), [](char c) { return (c >= 0 && c < 0x20 && c != '\n') || c == 0x7f; });
}

// Every file under `dir`, recursively.
std::vector<fs::path> files_under(const fs::path& dir) {
  std::vector<fs::path> found;
  if (!fs::exists(dir)) return found;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (!entry.is_directory()) found.push_back(entry.path());
  return found;
}

class Security : public ::testing::Test {
 protected:
  void write(const std::string& name, const Results& r) { write_text(dir_ / name, results_to_json(r)); }
  // A results file with `suite` written in by hand: the writer would never
  // make one, a forged artifact does.
  void write_with_suite(const std::string& name, const std::string& suite) {
    json doc = json::parse(results_to_json(suite_run("kernels", 1)));
    doc["suite"] = suite;
    write_text(dir_ / name, doc.dump(2));
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  testing::CommandResult promote(const std::string& args) {
    return run_shell("env -u CI " + shell_word(PERFGATE_CLI) + " baseline promote " + args + " --baseline-dir " +
                     shell_word(path("baselines")) + " 2>&1");
  }

  TempDir dir_;
};

TEST_F(Security, PromoteRefusesASuiteNameThatIsAnAbsolutePath) {
  write_with_suite("abs.json", path("outside/gemm"));
  const auto run = promote(shell_word(path("abs.json")));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(lines(run.output), 1u) << run.output;
  EXPECT_NE(run.output.find(path("abs.json")), std::string::npos) << run.output;
  EXPECT_FALSE(fs::exists(dir_ / "outside")) << "a suite name wrote outside the baseline folder";
  EXPECT_TRUE(files_under(dir_ / "baselines").empty());
}

TEST_F(Security, PromoteRefusesASuiteNameThatClimbsIntoAnotherDevicesBaselines) {
  write_with_suite("climb.json", "../nvidia-h100-80gb-hbm3/gemm");
  const auto run = promote(shell_word(path("climb.json")));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(lines(run.output), 1u) << run.output;
  EXPECT_TRUE(files_under(dir_ / "baselines").empty()) << "another device's baseline was written";
}

TEST_F(Security, PromoteEscapesControlCharactersOfASuiteName) {
  write_with_suite("bell.json", "a\a\x1b[2K\rperfgate: PASS");
  const auto run = promote(shell_word(path("bell.json")));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(lines(run.output), 1u) << run.output;
  EXPECT_FALSE(has_raw_control(run.output)) << run.output;
  EXPECT_TRUE(files_under(dir_ / "baselines").empty());
}

// Issue 41: the refusal of a name holding U+202E named the character and
// then echoed it, reordering the rest of the line in a terminal or a log.
TEST_F(Security, ARefusalNeverEchoesABidirectionalControl) {
  Results run = suite_run("kernels", 1);
  run.benchmarks[0].name = "gemm/\u202Efp32";
  write("bidi.json", run);
  write("base.json", suite_run("kernels", 2));
  const auto compared = run_shell(shell_word(PERFGATE_CLI) + " compare " + shell_word(path("base.json")) + " " +
                                  shell_word(path("bidi.json")) + " 2>&1");
  EXPECT_EQ(compared.exit_code, 2) << compared.output;
  EXPECT_NE(compared.output.find("bidirectional control character (U+202E)"), std::string::npos) << compared.output;
  EXPECT_EQ(compared.output.find("\u202E"), std::string::npos) << "the character itself was echoed";
  EXPECT_NE(compared.output.find("\\u202e"), std::string::npos) << compared.output;
  write_with_suite("bidi_suite.json", "kern\u202Eels");
  const auto promoted = promote(shell_word(path("bidi_suite.json")));
  EXPECT_EQ(promoted.exit_code, 2) << promoted.output;
  EXPECT_EQ(promoted.output.find("\u202E"), std::string::npos) << "the character itself was echoed";
}

TEST_F(Security, PromoteEscapesAFailedCasesErrorText) {
  Results failed = suite_run("kernels", 1);
  failed.benchmarks.push_back(testing::failed_benchmark("broken", "boom\x1b[2K\r\nperfgate: PASS (exit 0)"));
  write("failed.json", failed);
  const auto run = promote(shell_word(path("failed.json")));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(lines(run.output), 1u) << "a forged second line reached the terminal:\n" << run.output;
  EXPECT_FALSE(has_raw_control(run.output)) << run.output;
  EXPECT_NE(run.output.find("\\x1b[2K"), std::string::npos) << run.output;
}

TEST_F(Security, PromoteAppendRefusesABaselineOfAnIncomparableDevice) {
  // The same slug, but the file says it ran on a GPU: the gate would call
  // the two incomparable, so they must not become one baseline.
  write("cpu.json", suite_run("kernels", 1));
  ASSERT_EQ(promote(shell_word(path("cpu.json"))).exit_code, 0);
  const fs::path baseline = dir_ / "baselines/cpu-test-cpu-9000/kernels.json";
  const std::string before = read_text(baseline);
  Fingerprint gpu = testing::test_gpu();
  gpu.slug = "cpu-test-cpu-9000";
  write("gpu.json", suite_run("kernels", 2, gpu));
  const auto run = promote(shell_word(path("gpu.json")) + " --append");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(lines(run.output), 1u) << run.output;
  EXPECT_NE(run.output.find(path("gpu.json")), std::string::npos) << run.output;
  EXPECT_EQ(read_text(baseline), before) << "the old baseline was changed";
}

TEST_F(Security, PromoteRefusesToPoolFilesFromIncomparableDevices) {
  write("a.json", suite_run("kernels", 1));
  Fingerprint other = testing::test_cpu("Other CPU 1");
  other.slug = "cpu-test-cpu-9000";
  write("b.json", suite_run("kernels", 2, other));
  const auto run = promote(shell_word(path("a.json")) + " " + shell_word(path("b.json")));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(lines(run.output), 1u) << run.output;
  EXPECT_NE(run.output.find(path("b.json")), std::string::npos) << run.output;
  EXPECT_TRUE(files_under(dir_ / "baselines").empty());
}

TEST_F(Security, PromoteAppendRefusesTheSameGpuNameWithAnotherSmCount) {
  // Same name, same slug, but a different part (a MIG slice, another SKU):
  // the gate would call them incomparable.
  write("full.json", suite_run("kernels", 1, testing::test_gpu("NVIDIA H100 80GB HBM3", 132)));
  ASSERT_EQ(promote(shell_word(path("full.json"))).exit_code, 0);
  const fs::path baseline = dir_ / "baselines/nvidia-h100-80gb-hbm3/kernels.json";
  const std::string before = read_text(baseline);
  write("slice.json", suite_run("kernels", 2, testing::test_gpu("NVIDIA H100 80GB HBM3", 114)));
  const auto run = promote(shell_word(path("slice.json")) + " --append");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(lines(run.output), 1u) << run.output;
  EXPECT_NE(run.output.find(path("slice.json")), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("SM count"), std::string::npos) << run.output;
  EXPECT_EQ(read_text(baseline), before) << "the old baseline was changed";
}

TEST_F(Security, PromoteRefusesToPoolGpusWithAnotherSmCount) {
  write("a.json", suite_run("kernels", 1, testing::test_gpu("NVIDIA H100 80GB HBM3", 132)));
  write("b.json", suite_run("kernels", 2, testing::test_gpu("NVIDIA H100 80GB HBM3", 114)));
  const auto run = promote(shell_word(path("a.json")) + " " + shell_word(path("b.json")));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(lines(run.output), 1u) << run.output;
  EXPECT_NE(run.output.find(path("b.json")), std::string::npos) << run.output;
  EXPECT_TRUE(files_under(dir_ / "baselines").empty());
}

TEST_F(Security, BaselineShowEscapesUntrustedText) {
  Results shown = suite_run("kernels", 1);
  shown.benchmarks.push_back(testing::failed_benchmark("broken", "boom\x1b]0;title\a\x1b[2K\rperfgate: PASS"));
  shown.benchmarks[0].gate.reason = "why\x1b[31m";
  shown.source.git_commit = "abc\x1b[1A";
  write("shown.json", shown);
  const auto run = run_shell(shell_word(PERFGATE_CLI) + " baseline show " + shell_word(path("shown.json")) + " 2>&1");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_FALSE(has_raw_control(run.output)) << run.output;
}

// A suite binary stand-in: notes the folder its results go to (and that
// folder's mode), then writes a results file there.
void write_fake_suite(const fs::path& script, const fs::path& log, const fs::path& results) {
  write_text(script, "#!/bin/sh\n"
                     "for a in \"$@\"; do case \"$a\" in --perfgate_results=*) f=\"${a#--perfgate_results=}\";; esac; done\n"
                     "d=$(dirname \"$f\")\n"
                     "echo \"$d $(stat -c %a \"$d\")\" >> " + shell_word(log.string()) + "\n"
                     "cp " + shell_word(results.string()) + " \"$f\"\n");
  fs::permissions(script, fs::perms::owner_all);
}

json manifest_for(const std::string& suite, const fs::path& binary, const fs::path& baselines) {
  return {{"schema", "perfgate/suites"},
          {"schema_version", 1},
          {"suites", {{{"name", suite}, {"binary", binary.string()}, {"gpu", false},
                       {"baseline_dir", baselines.string()}, {"args", json::array()}}}}};
}

TEST_F(Security, BaselineUpdateMeasuresInAPrivateUnpredictableFolder) {
  write("round.json", suite_run("kernels", 1));
  write_fake_suite(dir_ / "fake_suite.sh", dir_ / "suite.log", dir_ / "round.json");
  write_text(dir_ / "build/perfgate-suites.json",
             manifest_for("kernels", dir_ / "fake_suite.sh", dir_ / "baselines").dump(2));
  fs::create_directories(dir_ / "tmp");
  // Another user's trap: the folder the old code would use for this process
  // ($$ is the pid that `exec` keeps), created first with a results file in it.
  const std::string planted = path("tmp") + "/perfgate-update-$$";
  const auto run = run_shell("env -u CI TMPDIR=" + shell_word(path("tmp")) + " sh -c 'mkdir " + planted + " && echo " +
                             planted + " > " + shell_word(path("planted.txt")) + " && echo planted > " + planted +
                             "/kernels.round1.json && exec " + shell_word(PERFGATE_CLI) + " baseline update --build-dir " +
                             shell_word(path("build")) + " --rounds 1 --repetitions 5' 2>&1");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  std::string trap = read_text(dir_ / "planted.txt");
  trap.pop_back();  // the newline
  const std::string log = read_text(dir_ / "suite.log");
  EXPECT_EQ(log.find(trap + " "), std::string::npos) << "the predictable folder was used: " << log;
  EXPECT_EQ(read_text(fs::path(trap) / "kernels.round1.json"), "planted\n") << "the planted folder was written to";
  EXPECT_NE(log.find(" 700\n"), std::string::npos) << "the folder is not private: " << log;
}

TEST_F(Security, AManifestInAFolderOthersCanWriteIsNeverUsed) {
  // /tmp-like: world-writable, sticky.  Whoever planted the manifest there
  // chose the program `baseline update` runs.
  const fs::path shared = dir_ / "shared";
  fs::create_directories(shared / "work");
  ASSERT_EQ(::chmod(shared.c_str(), 01777), 0);
  const fs::path marker = dir_ / "planted-script-ran";
  write_text(dir_ / "planted.sh", "#!/bin/sh\ntouch " + shell_word(marker.string()) + "\nexit 1\n");
  fs::permissions(dir_ / "planted.sh", fs::perms::owner_all);
  write_text(shared / "perfgate-suites.json", manifest_for("planted", dir_ / "planted.sh", dir_ / "baselines").dump(2));
  for (const fs::path& cwd : {shared, shared / "work"}) {
    const auto run = run_shell("cd " + shell_word(cwd.string()) + " && env -u CI -u PERFGATE_BUILD_DIR " +
                               shell_word(PERFGATE_CLI) + " baseline update --suite planted --dry-run 2>&1");
    EXPECT_EQ(run.exit_code, 2) << cwd << ": " << run.output;
    EXPECT_FALSE(fs::exists(marker)) << cwd << ": the planted manifest's program ran";
  }
  const auto named = run_shell("env -u CI " + shell_word(PERFGATE_CLI) + " baseline update --build-dir " +
                               shell_word(shared.string()) + " --dry-run 2>&1");
  EXPECT_EQ(named.exit_code, 2) << named.output;
  EXPECT_NE(named.output.find("writable by others"), std::string::npos) << named.output;
  EXPECT_FALSE(fs::exists(marker)) << "the planted manifest's program ran";
  ::chmod(shared.c_str(), 0700);
}

// Issue 41: a baseline its owner made read-only was replaced (the rename
// needs only the folder) and its mode lost.  Refused, naming it; its bytes
// and mode stay, for root too.
TEST_F(Security, PromoteRefusesAReadOnlyBaselineAndLeavesIt) {
  write("first.json", suite_run("kernels", 1));
  write("second.json", suite_run("kernels", 2));
  ASSERT_EQ(promote(shell_word(path("first.json"))).exit_code, 0);
  const std::vector<fs::path> baselines = files_under(dir_ / "baselines");
  ASSERT_EQ(baselines.size(), 1u);
  const fs::path baseline = baselines.front();
  ASSERT_EQ(::chmod(baseline.c_str(), 0444), 0);
  const std::string before = read_text(baseline);
  for (const std::string more : {"", " --append"}) {
    const auto run = promote(shell_word(path("second.json")) + more);
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_EQ(lines(run.output), 1u) << run.output;
    EXPECT_NE(run.output.find(baseline.string() + ": the baseline is read-only (mode 0444)"), std::string::npos) << run.output;
    EXPECT_EQ(read_text(baseline), before);
    struct stat info {};
    ASSERT_EQ(::stat(baseline.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 07777, 0444u);
  }
  EXPECT_EQ(files_under(dir_ / "baselines").size(), 1u) << "no lock or temporary file left";
}

// A build tree of `tests` (add_test lines of CTestTestfile.cmake) for
// `perfgate run`, with the ctest beside the cmake that "configured" it.
void write_build_tree(const fs::path& build, const std::string& tests) {
  write_text(build / "CMakeCache.txt",
             "CMAKE_COMMAND:INTERNAL=" + (fs::path(PERFGATE_CTEST).parent_path() / "cmake").string() + "\n");
  write_text(build / "CTestTestfile.cmake", tests);
}

testing::CommandResult perfgate_run(const fs::path& build, const fs::path& report) {
  return run_shell("env -u PERFGATE_HISTORY -u PERFGATE_AGAINST " + shell_word(PERFGATE_CLI) +
                   " run --against stored --build-dir " + shell_word(build.string()) + " --report-dir " +
                   shell_word(report.string()) + " 2>&1");
}

// Issue 41: a test named perf.../../victim made `perfgate run` remove the
// victim's reports outside its output folder; its suite name is checked like
// every other, before anything runs or is removed.
TEST_F(Security, RunRefusesASuiteNameFromCtestThatLeavesItsFolder) {
  const fs::path build = dir_ / "build";
  fs::create_directories(build / "a/b");
  for (const char* report : {".comparison.json", ".results.json", ".junit.xml", ".md", ".html"})
    write_text(build / (std::string("victim") + report), "the user's");
  write_build_tree(build, "add_test([=[perf.../../victim]=] /bin/true \"--perfgate_out_dir=" + (build / "a/b").string() +
                              "\")\nset_tests_properties([=[perf.../../victim]=] PROPERTIES LABELS perf)\n");
  const auto run = perfgate_run(build, dir_ / "report");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(lines(run.output), 1u) << run.output;
  EXPECT_NE(run.output.find("ctest test 'perf.../../victim'"), std::string::npos) << run.output;
  for (const char* report : {".comparison.json", ".results.json", ".junit.xml", ".md", ".html"})
    EXPECT_EQ(read_text(build / (std::string("victim") + report)), "the user's") << report;
  EXPECT_FALSE(fs::exists(dir_ / "report")) << "refused before anything was written";
}

// Two tests of one suite and out dir would write one set of reports: refused,
// naming both tests.
TEST_F(Security, RunRefusesTwoTestsOfOneSuiteNamingBoth) {
  const fs::path build = dir_ / "build";
  const std::string out = "\"--perfgate_out_dir=" + (build / "out").string() + "\"";
  write_build_tree(build, "add_test(perf.gemm /bin/true " + out + ")\nadd_test(perf.gemm_large /bin/true " + out +
                              " --perfgate_suite=gemm)\nset_tests_properties(perf.gemm perf.gemm_large PROPERTIES "
                              "LABELS perf)\n");
  const auto run = perfgate_run(build, dir_ / "report");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(lines(run.output), 1u) << run.output;
  EXPECT_NE(run.output.find("'perf.gemm' and 'perf.gemm_large' share the suite 'gemm' and out dir"), std::string::npos)
      << run.output;
  EXPECT_FALSE(fs::exists(dir_ / "report"));
}

}  // namespace
}  // namespace perfgate
