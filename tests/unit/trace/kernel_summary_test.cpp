#include "trace/kernel_summary.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "trace/demangle.hpp"

namespace perfgate::trace {
namespace {

constexpr std::uint64_t kT0 = 1'700'000'000'000'000'000ull;
constexpr std::uint64_t kCase = 5;

// Records whose API calls are tagged one correlation id at a time.
class RecordsBuilder {
 public:
  RecordsBuilder() { records_.case_index = kCase; }

  // A kernel of `duration_ns` starting at kT0 + start_ns, launched under
  // (case_index, phase).
  RecordsBuilder& kernel(const std::string& name, std::uint64_t start_ns, std::uint64_t duration_ns,
                         Phase phase = Phase::work, std::uint64_t case_index = kCase) {
    KernelActivity k;
    k.name = name;
    k.start_ns = kT0 + start_ns;
    k.end_ns = k.start_ns + duration_ns;
    k.correlation = tag(phase, case_index);
    records_.kernels.push_back(k);
    return *this;
  }

  RecordsBuilder& copy(CopyDirection direction, std::uint64_t bytes, Phase phase = Phase::work) {
    CopyActivity c;
    c.direction = direction;
    c.bytes = bytes;
    c.start_ns = kT0 + 1;
    c.end_ns = kT0 + 2;
    c.correlation = tag(phase, kCase);
    records_.copies.push_back(c);
    return *this;
  }

  RecordsBuilder& memset(std::uint64_t bytes, Phase phase = Phase::work) {
    MemsetActivity m;
    m.bytes = bytes;
    m.start_ns = kT0 + 1;
    m.end_ns = kT0 + 2;
    m.correlation = tag(phase, kCase);
    records_.memsets.push_back(m);
    return *this;
  }

  ActivityRecords& records() { return records_; }

 private:
  std::uint32_t tag(Phase phase, std::uint64_t case_index) {
    const std::uint32_t correlation = next_correlation_++;
    records_.external_ids[correlation] = external_id(case_index, phase);
    return correlation;
  }

  ActivityRecords records_;
  std::uint32_t next_correlation_ = 1;
};

const KernelSummary* find(const CaseActivitySummary& summary, const std::string& name) {
  for (const KernelSummary& k : summary.kernels) {
    if (k.name == name) return &k;
  }
  return nullptr;
}

std::vector<std::string> names(const CaseActivitySummary& summary) {
  std::vector<std::string> out;
  for (const KernelSummary& k : summary.kernels) out.push_back(k.name);
  return out;
}

TEST(KernelSummary, OnlyTheCasesWorkPhaseCounts) {
  RecordsBuilder b;
  b.kernel("gemm", 0, 100)
      .kernel("gemm", 1000, 300)
      .kernel("flush_l2", 2000, 5000, Phase::flush)
      .kernel("gemm", 3000, 9999, Phase::flush)
      .kernel("other_case", 4000, 50, Phase::work, kCase + 1)
      .kernel("gemm", 5000, 7777, Phase::work, kCase - 1);
  // A kernel whose launch was never tagged.
  KernelActivity untagged;
  untagged.name = "untagged";
  untagged.start_ns = kT0 + 6000;
  untagged.end_ns = kT0 + 6100;
  untagged.correlation = 999;
  b.records().kernels.push_back(untagged);

  const CaseActivitySummary summary = summarize_work(b.records());
  ASSERT_EQ(names(summary), std::vector<std::string>{"gemm"});
  EXPECT_EQ(summary.kernels[0].calls, 2);
  EXPECT_EQ(summary.kernels[0].samples_ns, (std::vector<double>{100, 300}));
}

TEST(KernelSummary, MedianOfOddAndEvenCounts) {
  RecordsBuilder b;
  b.kernel("odd", 0, 30).kernel("odd", 100, 10).kernel("odd", 200, 20);
  b.kernel("even", 0, 40).kernel("even", 100, 10).kernel("even", 200, 20).kernel("even", 300, 1000);
  const CaseActivitySummary summary = summarize_work(b.records());
  ASSERT_NE(find(summary, "odd"), nullptr);
  ASSERT_NE(find(summary, "even"), nullptr);
  EXPECT_DOUBLE_EQ(find(summary, "odd")->median_ns, 20.0);
  EXPECT_DOUBLE_EQ(find(summary, "even")->median_ns, 30.0);
  EXPECT_EQ(find(summary, "odd")->calls, 3);
  EXPECT_EQ(find(summary, "even")->calls, 4);
}

TEST(KernelSummary, SamplesAreInLaunchOrder) {
  RecordsBuilder b;
  b.kernel("k", 300, 3).kernel("k", 100, 1).kernel("k", 200, 2);
  const CaseActivitySummary summary = summarize_work(b.records());
  ASSERT_EQ(summary.kernels.size(), 1u);
  EXPECT_EQ(summary.kernels[0].samples_ns, (std::vector<double>{1, 2, 3}));
}

TEST(KernelSummary, ThinsSamplesEvenlyToTheLimit) {
  RecordsBuilder b;
  const std::size_t launches = 3 * kMaxKernelSamples + 7;
  for (std::size_t i = 0; i < launches; ++i) b.kernel("k", 1000 * i, 100 + i);
  const CaseActivitySummary summary = summarize_work(b.records());
  ASSERT_EQ(summary.kernels.size(), 1u);
  const KernelSummary& k = summary.kernels[0];
  EXPECT_EQ(k.calls, static_cast<std::int64_t>(launches));
  ASSERT_EQ(k.samples_ns.size(), kMaxKernelSamples);
  EXPECT_DOUBLE_EQ(k.samples_ns.front(), 100.0);
  EXPECT_DOUBLE_EQ(k.samples_ns.back(), static_cast<double>(100 + launches - 1));
  for (std::size_t i = 1; i < k.samples_ns.size(); ++i) {
    const double step = k.samples_ns[i] - k.samples_ns[i - 1];
    EXPECT_GE(step, 3.0);  // spread over the pass, not its first hundred
    EXPECT_LE(step, 4.0);
  }
  // The median is of every launch, not of the samples.
  EXPECT_DOUBLE_EQ(k.median_ns, 100.0 + static_cast<double>(launches - 1) / 2);
}

TEST(KernelSummary, ExactlyTheLimitIsKeptWhole) {
  RecordsBuilder b;
  for (std::size_t i = 0; i < kMaxKernelSamples; ++i) b.kernel("k", 1000 * i, 1 + i);
  const CaseActivitySummary summary = summarize_work(b.records());
  ASSERT_EQ(summary.kernels[0].samples_ns.size(), kMaxKernelSamples);
  EXPECT_DOUBLE_EQ(summary.kernels[0].samples_ns[50], 51.0);
}

TEST(KernelSummary, OrderedByTotalTimeThenName) {
  RecordsBuilder b;
  b.kernel("short_many", 0, 10).kernel("short_many", 100, 10).kernel("short_many", 200, 10);  // 30
  b.kernel("long_once", 300, 50);                                                           // 50
  b.kernel("b_tie", 400, 20).kernel("a_tie", 500, 20);                                      // 20, 20
  const CaseActivitySummary summary = summarize_work(b.records());
  EXPECT_EQ(names(summary), (std::vector<std::string>{"long_once", "short_many", "a_tie", "b_tie"}));
}

TEST(KernelSummary, SkipsRecordsWithoutUsableTimes) {
  RecordsBuilder b;
  b.kernel("k", 0, 10).kernel("k", 100, 20).kernel("k", 200, 30);
  b.records().kernels[0].start_ns = 0;
  b.records().kernels[1].end_ns = 0;
  b.records().kernels[2].end_ns = b.records().kernels[2].start_ns - 1;
  b.kernel("k", 300, 40).kernel("zero", 400, 0);
  const CaseActivitySummary summary = summarize_work(b.records());
  ASSERT_NE(find(summary, "k"), nullptr);
  EXPECT_EQ(find(summary, "k")->calls, 1);
  EXPECT_EQ(find(summary, "k")->samples_ns, std::vector<double>{40});
  ASSERT_NE(find(summary, "zero"), nullptr);  // zero length is a time, not a broken record
  EXPECT_EQ(find(summary, "zero")->calls, 1);
}

TEST(KernelSummary, CopiesGroupedByDirectionWithBytes) {
  RecordsBuilder b;
  b.copy(CopyDirection::host_to_device, 1000)
      .copy(CopyDirection::host_to_device, 24)
      .copy(CopyDirection::device_to_host, 512)
      .copy(CopyDirection::peer_to_peer, 8)
      .copy(CopyDirection::device_to_device, 1'000'000, Phase::flush);
  const CaseActivitySummary summary = summarize_work(b.records());
  ASSERT_EQ(summary.copies.size(), 3u);
  EXPECT_EQ(summary.copies[0].direction, "DtoH");
  EXPECT_EQ(summary.copies[0].count, 1);
  EXPECT_EQ(summary.copies[0].bytes, 512);
  EXPECT_EQ(summary.copies[1].direction, "HtoD");
  EXPECT_EQ(summary.copies[1].count, 2);
  EXPECT_EQ(summary.copies[1].bytes, 1024);
  EXPECT_EQ(summary.copies[2].direction, "PtoP");
  EXPECT_TRUE(summary.kernels.empty());
}

TEST(KernelSummary, MemsetsAreTheirOwnDirection) {
  RecordsBuilder b;
  b.memset(4096).memset(4096).memset(1, Phase::flush).copy(CopyDirection::unknown, 3);
  const CaseActivitySummary summary = summarize_work(b.records());
  ASSERT_EQ(summary.copies.size(), 2u);
  EXPECT_EQ(summary.copies[0].direction, "memset");
  EXPECT_EQ(summary.copies[0].count, 2);
  EXPECT_EQ(summary.copies[0].bytes, 8192);
  EXPECT_EQ(summary.copies[1].direction, "unknown");
}

TEST(KernelSummary, MangledNamesGroupWithTheirDemangledForm) {
  RecordsBuilder b;
  b.kernel("_Z6squarePfi", 0, 10).kernel("square(float*, int)", 100, 30);
  const CaseActivitySummary summary = summarize_work(b.records());
  EXPECT_EQ(names(summary), std::vector<std::string>{"square(float*, int)"});
  EXPECT_EQ(summary.kernels[0].calls, 2);
}

TEST(KernelSummary, EmptyRecordsGiveAnEmptySummary) {
  const CaseActivitySummary summary = summarize_work(ActivityRecords{});
  EXPECT_TRUE(summary.kernels.empty());
  EXPECT_TRUE(summary.copies.empty());
}

TEST(ActivityRecordNames, DirectionsAndPhases) {
  EXPECT_STREQ(to_string(CopyDirection::host_to_device), "HtoD");
  EXPECT_STREQ(to_string(CopyDirection::device_to_host), "DtoH");
  EXPECT_STREQ(to_string(CopyDirection::device_to_device), "DtoD");
  EXPECT_STREQ(to_string(CopyDirection::host_to_host), "HtoH");
  EXPECT_STREQ(to_string(CopyDirection::peer_to_peer), "PtoP");
  EXPECT_STREQ(to_string(CopyDirection::unknown), "unknown");
  EXPECT_STREQ(to_string(Phase::work), "work");
  EXPECT_STREQ(to_string(Phase::flush), "flush");
  EXPECT_STREQ(to_string(static_cast<Phase>(phase_of(external_id(7, static_cast<Phase>(9))))), "unknown");
  EXPECT_EQ(case_of(external_id(7, Phase::flush)), 7u);
}

TEST(Demangle, ItaniumSymbols) {
  EXPECT_EQ(demangle("_Z6squarePfi"), "square(float*, int)");
  EXPECT_EQ(demangle("_ZN5gemms5tiled7computeIfEEvPKT_S4_PS2_i"),
            "void gemms::tiled::compute<float>(float const*, float const*, float*, int)");
}

TEST(Demangle, NcclKernelsKeepTheirCollectiveInTheName) {
  // NCCL 2.19+ names a kernel per collective, operation, type, algorithm and
  // protocol; the per-kernel summary and the trace show it demangled.
  EXPECT_EQ(demangle("_Z39ncclDevKernel_AllReduce_Sum_f32_RING_LL24ncclDevKernelArgsStorageILm4096EE"),
            "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)");
  EXPECT_EQ(demangle("_Z21ncclDevKernel_Generic24ncclDevKernelArgsStorageILm4096EE"),
            "ncclDevKernel_Generic(ncclDevKernelArgsStorage<4096ul>)");
}

TEST(Demangle, OtherNamesComeBackUnchanged) {
  EXPECT_EQ(demangle("relu_kernel"), "relu_kernel");
  EXPECT_EQ(demangle("i"), "i");  // a type encoding, not a symbol: not "int"
  EXPECT_EQ(demangle("_Z"), "_Z");
  EXPECT_EQ(demangle("_Zgarbage!"), "_Zgarbage!");
  EXPECT_EQ(demangle(""), "");
}

TEST(Demangle, NullIsEmpty) { EXPECT_EQ(demangle(nullptr), ""); }

}  // namespace
}  // namespace perfgate::trace
