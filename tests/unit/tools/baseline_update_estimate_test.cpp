// What `perfgate baseline update` says before and while it measures: the
// timed work its rounds will take at the least, read from the suite's newest
// baseline (iterations x median a repetition), and each round's time with
// what the rest should take at that pace.

#include <gtest/gtest.h>

#include "baseline_update_estimate.hpp"
#include "perfgate/formats/results_io.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate::cli {
namespace {

namespace fs = std::filesystem;

// Two cases of 100 and 40 iterations at 2 ms and 5 ms: 0.2 s + 0.2 s a repetition.
Results baseline(const std::string& created_utc, double scale) {
  BenchmarkResult sort = testing::benchmark("sort/4096", {2e-3 * scale, 2e-3 * scale, 2e-3 * scale});
  sort.iterations = 100;
  BenchmarkResult sum = testing::benchmark("sum/4096", {5e-3 * scale, 5e-3 * scale, 5e-3 * scale});
  sum.iterations = 40;
  BenchmarkResult failed = testing::benchmark("broken", {});
  failed.error = "it threw";
  Results r = testing::results("host", {sort, sum, failed});
  r.created_utc = created_utc;
  return r;
}

TEST(BaselineUpdateEstimate, TheNewestBaselinesTimedWorkTimesRoundsAndRepetitions) {
  const testing::TempDir dir;
  Results older = baseline("2026-01-01T00:00:00Z", 10.0);
  older.fingerprint.slug = "cpu-older-box";
  const Results newer = baseline("2026-11-01T00:00:00Z", 1.0);
  for (const Results* r : {static_cast<const Results*>(&older), &newer}) {
    fs::create_directories(dir / r->fingerprint.slug);
    save_results(*r, dir / r->fingerprint.slug / "host.json");
  }
  const auto store = open_baseline_store(dir.path());
  const auto all = estimate_update(*store, "host", "", 20, 3);
  ASSERT_TRUE(all.has_value());
  EXPECT_NEAR(all->timed_s, (100 * 2e-3 + 40 * 5e-3) * 20 * 3, 1e-9) << "the newer baseline's, the failed case left out";
  EXPECT_EQ(all->cases, 2u);
  EXPECT_EQ(all->slug, newer.fingerprint.slug);
  const auto some = estimate_update(*store, "host", "^sort", 10, 1);
  ASSERT_TRUE(some.has_value());
  EXPECT_NEAR(some->timed_s, 100 * 2e-3 * 10, 1e-9);
  EXPECT_FALSE(estimate_update(*store, "host", "^nothing", 10, 1)) << "no case kept";
  EXPECT_FALSE(estimate_update(*store, "gemm", "", 10, 1)) << "no baseline";
  EXPECT_FALSE(estimate_update(*store, "host", "(", 10, 1)) << "a filter the suite will refuse";
}

TEST(BaselineUpdateEstimate, TheLinesSayWhatIsKnownAndHowItWasFound) {
  const UpdateEstimate estimate{24.4, 2, "cpu-box", "2026-11-01T00:00:00Z"};
  EXPECT_EQ(estimate_line("host", estimate, 20, 3),
            "perfgate: host: 3 round(s) of 20 repetitions of 2 case(s): at least 24 s of timed work (its baseline of "
            "cpu-box, 2026-11-01T00:00:00Z: iterations x median time a repetition), plus each case's set-up and "
            "Google Benchmark's choice of iterations");
  EXPECT_NE(estimate_line("host", std::nullopt, 20, 3).find("no estimate"), std::string::npos);
  EXPECT_EQ(round_line("host", 1, 3, 25.3), "perfgate: host: round 1 of 3 took 25.3 s; about 51 s to go at that pace");
  EXPECT_EQ(round_line("host", 3, 3, 25.3), "perfgate: host: round 3 of 3 took 25.3 s");
}

}  // namespace
}  // namespace perfgate::cli
