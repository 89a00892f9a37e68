// Issue 41: the command a run records names no runner's absolute path: the
// program and every path argument relative to the project, else by name.
#include "runtime/recorded_command.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

TEST(RecordedCommand, PathsAreRelativeToTheProjectElseNamedByTheirFile) {
  const std::string project = "/work/proj";
  const std::string recorded = recorded_command(
      {"/work/proj/build/perf/suites/host/perf_host", "--perfgate_mode=record",
       "--perfgate_baseline_dir=/work/proj/baselines", "--perfgate_results=/tmp/perfgate-update-bhs5Zf/host.round1.json",
       "--benchmark_repetitions=20", "--perfgate_out_dir", "/home/ci/out"},
      project);
  EXPECT_EQ(recorded,
            "build/perf/suites/host/perf_host --perfgate_mode=record --perfgate_baseline_dir=baselines "
            "--perfgate_results=host.round1.json --benchmark_repetitions=20 --perfgate_out_dir out");
  EXPECT_EQ(recorded.find("/tmp"), std::string::npos);
  EXPECT_EQ(recorded.find("/home"), std::string::npos);
}

TEST(RecordedCommand, WordsThatAreNoAbsolutePathsStayAsTheyAre) {
  EXPECT_EQ(recorded_command({"perf_host", "--benchmark_filter=^a/b$", "relative/x.json", "--x=y/z"}, "/work/proj"),
            "perf_host --benchmark_filter='^a/b$' relative/x.json --x=y/z");
}

}  // namespace
}  // namespace perfgate
