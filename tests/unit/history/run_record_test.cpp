#include "perfgate/history/run_record.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "perfgate/history/run_spread.hpp"
#include "perfgate/history/testbed.hpp"
#include "perfgate/platform/errors.hpp"
#include "results_builder.hpp"

namespace perfgate::history {
namespace {

using perfgate::testing::benchmark;
using perfgate::testing::lognormal_samples;

TEST(RunRecord, TheIdDependsOnContentCommitTestbedAndKindOnly) {
  const std::string id = content_id({"{}", "abc", "tb", "main"});
  EXPECT_EQ(id.size(), 16u);
  EXPECT_EQ(id, content_id({"{}", "abc", "tb", "main"}));
  EXPECT_NE(id, content_id({"{} ", "abc", "tb", "main"}));
  EXPECT_NE(id, content_id({"{}", "abc", "tb", "pr"}));
  // Parts are delimited: moving a byte between them changes the id.
  EXPECT_NE(content_id({"ab", "c"}), content_id({"a", "bc"}));
  EXPECT_EQ(content_id({}), "cbf29ce484222325");  // FNV-1a 64's offset basis: nothing hashed
}

// A file hashed block by block as it streams names the run as its whole
// bytes did: the ids of stores filled before stay valid.
TEST(RunRecord, BytesHashedInPiecesGiveTheWholeBytesId) {
  std::string bytes;
  for (int i = 0; i < 5000; ++i) bytes += std::to_string(i * 7919) + (i % 3 ? "," : "\n");
  for (const std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{4096}, bytes.size()}) {
    ContentHash hash;
    for (std::size_t at = 0; at < bytes.size(); at += piece) hash.add(std::string_view(bytes).substr(at, piece));
    hash.end_part();
    for (const char* part : {"abc", "tb", "main"}) {
      hash.add(part);
      hash.end_part();
    }
    EXPECT_EQ(hash.id(), content_id({bytes, "abc", "tb", "main"})) << "pieces of " << piece;
  }
  Results r = perfgate::testing::results("s", {benchmark("a", {1e-3, 1.1e-3})});
  r.source.git_commit = "abc";
  ContentHash hash;
  hash.add(bytes);
  hash.end_part();
  EXPECT_EQ(make_run_record(r, hash, "f.json", {}, 0).run_id, make_run_record(r, bytes, "f.json", {}, 0).run_id);
}

TEST(RunRecord, DatesAreSecondsSince1970) {
  EXPECT_EQ(epoch_seconds("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(epoch_seconds("2026-11-24T00:00:00Z"), 1795478400);
  EXPECT_FALSE(epoch_seconds("2026-11-24"));
  EXPECT_FALSE(epoch_seconds("2026-11-24T00:00:00Z trailing"));
  EXPECT_FALSE(epoch_seconds("2026-13-01T00:00:00Z"));  // no month 13
  EXPECT_FALSE(epoch_seconds("2026-04-31T00:00:00Z"));  // no 31 April
  EXPECT_FALSE(epoch_seconds("2026-11-24T24:00:00Z"));
}

TEST(RunRecord, MediansIntervalsAndOnlyMeasuredCases) {
  Results r = perfgate::testing::results("s", {benchmark("a", lognormal_samples(1e-3, 0.01, 12, 1)),
                                               perfgate::testing::failed_benchmark("broken", "boom"),
                                               perfgate::testing::skipped_benchmark("gpu", "no device")});
  r.created_utc = "2026-11-24T00:00:00Z";
  const RunRecord run = make_run_record(r, "content", "f.json", {}, 42);
  EXPECT_EQ(run.commit, r.source.git_commit);
  EXPECT_EQ(run.run_time, 1795478400);
  EXPECT_EQ(run.kind, "main");
  ASSERT_EQ(run.measurements.size(), 1u);
  const MeasurementRecord& m = run.measurements[0];
  EXPECT_NEAR(m.median_s, 1e-3, 2e-5);
  ASSERT_TRUE(m.low_s && m.high_s);
  EXPECT_LT(*m.low_s, m.median_s);
  EXPECT_GT(*m.high_s, m.median_s);
  EXPECT_EQ(m.samples.size(), 12u);
  r.created_utc.clear();
  EXPECT_EQ(make_run_record(r, "content", "f.json", {}, 42).run_time, 42) << "no date: the ingest time";
}

TEST(RunRecord, NothingMeasuredIsAnInputError) {
  const Results r = perfgate::testing::results("s", {perfgate::testing::skipped_benchmark("gpu", "no device")});
  EXPECT_THROW(make_run_record(r, "c", "f.json", {}, 0), InputError);
}

TEST(Testbed, NamesSayWhatChangesTimings) {
  Fingerprint gpu = perfgate::testing::test_gpu();
  gpu.driver = "13.0";
  gpu.cuda_runtime = "13.0";
  EXPECT_EQ(testbed_of(gpu, "", "f").name, "nvidia-h100-80gb-hbm3-driver-13-0-cuda-13-0");
  EXPECT_EQ(testbed_of(perfgate::testing::test_cpu(), "", "f").name, "cpu-test-cpu-9000-8cpu");
  EXPECT_EQ(testbed_of(gpu, "lab-node-3", "f").name, "lab-node-3");
  EXPECT_THROW(testbed_of(gpu, "../etc", "f"), InputError);
  EXPECT_THROW(testbed_of(Fingerprint{}, "", "f"), InputError);
}

TEST(RunSpread, SuccessiveDifferencesEstimateTheRunEffect) {
  EXPECT_EQ(successive_difference_sd({}), 0.0);
  EXPECT_EQ(successive_difference_sd({1.0}), 0.0);
  EXPECT_EQ(successive_difference_sd({1.0, 1.0, 1.0}), 0.0);
  // Alternating +-d: |differences| = 2d, sd = 1.4826 * 2d / sqrt(2).
  EXPECT_NEAR(successive_difference_sd({0.01, -0.01, 0.01, -0.01, 0.01}), 1.4826 * 0.02 / std::sqrt(2.0), 1e-12);
  // One step among flat points is one difference: the median ignores it.
  EXPECT_EQ(successive_difference_sd({0, 0, 0, 0, 1, 1, 1, 1}), 0.0);
}

}  // namespace
}  // namespace perfgate::history
