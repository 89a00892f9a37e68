// The context-loss record lives in the runtime (issue 42): the collector's
// default probe reads what the CUDA checks noted, in either flavour.  The
// record is process-wide, so each check runs in a child process (a death
// test) and leaves this process's collector untouched.

#include "perfgate/runtime/context_loss.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

#include "perfgate/runtime/run_collector.hpp"

namespace perfgate {
namespace {

int first_note_kept() {
  if (context_lost()) return 1;
  note_context_lost("cudaMemsetAsync: an illegal memory access was encountered (cudaErrorIllegalAddress)");
  note_context_lost("a later error");
  const auto lost = context_lost();
  return lost && lost->starts_with("cudaMemsetAsync") ? 0 : 2;
}

int collector_probe_reads_it() {
  const auto probe = RunCollector::default_context_loss_probe();
  if (probe()) return 1;
  note_context_lost("cudaLaunchKernel: unspecified launch failure (cudaErrorLaunchFailure)");
  const auto lost = probe();
  return lost && lost->starts_with("cudaLaunchKernel") ? 0 : 2;
}

TEST(ContextLoss, KeepsTheFirstNote) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(std::exit(first_note_kept()), ::testing::ExitedWithCode(0), "the CUDA context is lost");
}

TEST(ContextLoss, TheCollectorsDefaultProbeReadsTheRecord) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(std::exit(collector_probe_reads_it()), ::testing::ExitedWithCode(0), "the CUDA context is lost");
}

}  // namespace
}  // namespace perfgate
