// A GPU case that loses the CUDA context (an illegal address) ends the
// remaining GPU cases with one message; what was measured before is kept,
// and the reports say which case broke.  Runs the real selftest suite in
// its own process, since a lost context cannot be recovered in this one.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/cuda/availability.hpp"
#include "perfgate/formats/results_io.hpp"
#include "shell.hpp"
#include "xml_document.hpp"

namespace perfgate {
namespace {

using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;
using testing::xpath_literal;
using testing::XmlDocument;

// In registration order, so that the fault falls between two cases.
const std::string kOrdered =
    " --benchmark_enable_random_interleaving=false --benchmark_repetitions=5 --benchmark_min_time=0.02";

TEST(ContextLoss, AnIllegalAddressInOneCaseLeavesTheOtherCasesResults) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  const TempDir dir;
  const std::string suite = shell_word(PERFGATE_GPU_SELFTEST);
  const auto recorded = run_shell(suite + kOrdered + " --perfgate_mode=record --perfgate_results=" +
                                  shell_word((dir / "base" / "baseline.json").string()));
  ASSERT_EQ(recorded.exit_code, 0) << recorded.output;

  const auto faulted = run_shell("PERFGATE_SELFTEST_FAULT=illegal_address " + suite + kOrdered +
                                 " --perfgate_baseline=" + shell_word((dir / "base" / "baseline.json").string()) +
                                 " --perfgate_out_dir=" + shell_word((dir / "out").string()));
  EXPECT_EQ(faulted.exit_code, 2) << faulted.output;
  EXPECT_NE(faulted.output.find("the CUDA context is lost"), std::string::npos) << faulted.output;

  const Results results = load_results(dir / "out" / "gpu_selftest.results.json");
  const BenchmarkResult* before = results.find("BM_saxpy");
  const BenchmarkResult* fault = results.find("BM_saxpy_fault");
  const BenchmarkResult* after = results.find("BM_saxpy_after");
  ASSERT_TRUE(before && fault && after);
  EXPECT_TRUE(before->measured());
  EXPECT_EQ(before->samples.size(), 5u);
  ASSERT_TRUE(fault->error.has_value());
  EXPECT_NE(fault->error->find("illegal memory access"), std::string::npos) << *fault->error;
  ASSERT_TRUE(after->error.has_value());
  EXPECT_EQ(after->error->rfind("GPU context lost in an earlier case: ", 0), 0u) << *after->error;

  const XmlDocument junit(read_text(dir / "out" / "gpu_selftest.junit.xml"));
  ASSERT_TRUE(junit.well_formed()) << junit.error();
  EXPECT_EQ(junit.count("//testcase[@name=" + xpath_literal("BM_saxpy") + "]/error"), 0u);
  EXPECT_EQ(junit.count("//testcase[@name=" + xpath_literal("BM_saxpy") + "]/failure"), 0u);
  EXPECT_EQ(junit.count("//testcase[@name=" + xpath_literal("BM_saxpy_fault") + "]/error"), 1u);
  EXPECT_EQ(junit.count("//testcase[@name=" + xpath_literal("BM_saxpy_after") + "]/error"), 1u);
}

}  // namespace
}  // namespace perfgate
