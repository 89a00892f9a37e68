#include "trace/chrome_trace.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "shell.hpp"

namespace perfgate::trace {
namespace {

using Json = nlohmann::json;

constexpr std::uint64_t kT0 = 1'700'000'000'000'000'000ull;  // an epoch time in ns, as CUPTI gives
constexpr std::uint32_t kHostPid = 4242;
constexpr std::uint32_t kHostThread = 4243;
constexpr std::uint64_t kCase = 3;

KernelActivity kernel(std::string name, std::uint64_t start, std::uint64_t end, std::uint32_t stream,
                      std::uint32_t correlation) {
  KernelActivity k;
  k.name = std::move(name);
  k.start_ns = start;
  k.end_ns = end;
  k.place = {0, 1, stream};
  k.correlation = correlation;
  k.grid[0] = 128;
  k.block[0] = 256;
  k.registers_per_thread = 32;
  k.shared_memory_bytes = 4096;
  return k;
}

ApiActivity api_call(std::string name, std::uint64_t start, std::uint64_t end, std::uint32_t correlation) {
  ApiActivity a;
  a.name = std::move(name);
  a.start_ns = start;
  a.end_ns = end;
  a.process = kHostPid;
  a.thread = kHostThread;
  a.correlation = correlation;
  return a;
}

HarnessRange harness_range(std::string name, std::uint64_t start, std::uint64_t end) {
  return {std::move(name), start, end, kHostPid, kHostThread};
}

// A case's pass: the case range holds the work phase; two launches, a copy
// and a memset under it; then a flush.
ActivityRecords sample_records() {
  ActivityRecords r;
  r.case_index = kCase;
  r.harness_ranges = {harness_range("case", kT0 + 1'000, kT0 + 100'000),
                      harness_range("work", kT0 + 1'000, kT0 + 60'000),
                      harness_range("flush", kT0 + 60'000, kT0 + 90'000)};
  r.api_calls = {api_call("cudaLaunchKernel", kT0 + 2'000, kT0 + 5'000, 11),
                 api_call("cudaLaunchKernel", kT0 + 6'000, kT0 + 8'500, 12),
                 api_call("cudaMemcpyAsync", kT0 + 9'000, kT0 + 9'800, 13),
                 api_call("cudaMemsetAsync", kT0 + 10'000, kT0 + 10'500, 14),
                 api_call("cudaLaunchKernel", kT0 + 61'000, kT0 + 63'000, 15)};
  r.api_calls[4].driver = true;
  r.api_calls[4].name = "cuLaunchKernel";
  r.kernels = {kernel("gemm(float*)", kT0 + 20'000, kT0 + 30'000, 7, 11),
               kernel("relu(float*)", kT0 + 30'000, kT0 + 31'234, 7, 12),
               kernel("flush_l2", kT0 + 65'000, kT0 + 80'000, 7, 15)};
  CopyActivity copy;
  copy.direction = CopyDirection::host_to_device;
  copy.source_kind = "Pinned";
  copy.destination_kind = "Device";
  copy.bytes = 1'000'000;
  copy.start_ns = kT0 + 32'000;
  copy.end_ns = kT0 + 42'000;
  copy.place = {0, 1, 9};
  copy.correlation = 13;
  r.copies = {copy};
  MemsetActivity memset;
  memset.bytes = 4096;
  memset.start_ns = kT0 + 43'000;
  memset.end_ns = kT0 + 44'000;
  memset.place = {0, 1, 9};
  memset.correlation = 14;
  r.memsets = {memset};
  for (std::uint32_t c = 11; c <= 14; ++c) r.external_ids[c] = external_id(kCase, Phase::work);
  r.external_ids[15] = external_id(kCase, Phase::flush);
  return r;
}

TraceMetadata sample_metadata() {
  TraceMetadata m;
  m.case_name = "BM_Gemm/1024";
  m.host_process = kHostPid;
  m.host_process_name = "gemm_suite";
  m.device_names[0] = "NVIDIA H100 80GB HBM3";
  m.iterations = 10;
  return m;
}

// The document as a reader sees it: dumped and parsed back.
Json round_trip(const ActivityRecords& records, const TraceMetadata& metadata = sample_metadata()) {
  const std::string text =
      chrome_trace_json(records, metadata).dump(-1, ' ', false, Json::error_handler_t::replace);
  return Json::parse(text);
}

std::vector<Json> events_with(const Json& trace, const std::string& ph) {
  std::vector<Json> found;
  for (const Json& event : trace.at("traceEvents")) {
    if (event.at("ph") == ph) found.push_back(event);
  }
  return found;
}

const Json* find_slice(const Json& trace, const std::string& name) {
  for (const Json& event : trace.at("traceEvents")) {
    if (event.at("ph") == "X" && event.at("name") == name) return &event;
  }
  return nullptr;
}

std::int64_t ns(const Json& micros) { return std::llround(micros.get<double>() * 1000.0); }

// An empty string when the trace's events are in order and the X slices of
// every (pid, tid) nest; otherwise what is wrong.
std::string ordering_problem(const Json& trace) {
  bool metadata_done = false;
  std::int64_t last_ts = 0;
  std::map<std::pair<std::int64_t, std::int64_t>, std::vector<std::int64_t>> open_ends;
  for (const Json& event : trace.at("traceEvents")) {
    const auto ph = event.at("ph").get<std::string>();
    if (ph == "M") {
      if (metadata_done) return "metadata after a timed event";
      continue;
    }
    metadata_done = true;
    const std::int64_t ts = ns(event.at("ts"));
    if (ts < last_ts) return "ts goes back at " + event.dump();
    last_ts = ts;
    if (ph != "X") continue;
    const std::int64_t end = ts + ns(event.at("dur"));
    auto& stack = open_ends[{event.at("pid").get<std::int64_t>(), event.at("tid").get<std::int64_t>()}];
    while (!stack.empty() && stack.back() <= ts) stack.pop_back();
    if (!stack.empty() && end > stack.back()) return "partial overlap at " + event.dump();
    stack.push_back(end);
  }
  return "";
}

Json x_event(std::int64_t pid, std::int64_t tid, double ts, double dur) {
  return {{"name", "x"}, {"ph", "X"}, {"ts", ts}, {"dur", dur}, {"pid", pid}, {"tid", tid}};
}

TEST(ChromeTraceChecker, FlagsPartialOverlapAndDisorder) {
  Json trace{{"traceEvents", {x_event(1, 1, 0, 10), x_event(1, 1, 5, 10)}}};
  EXPECT_NE(ordering_problem(trace), "");
  trace = Json{{"traceEvents", {x_event(1, 1, 5, 1), x_event(1, 1, 0, 10)}}};
  EXPECT_NE(ordering_problem(trace), "");
  trace = Json{{"traceEvents", {x_event(1, 1, 0, 10), x_event(1, 2, 5, 10), x_event(1, 1, 2, 3)}}};
  EXPECT_NE(ordering_problem(trace), "");  // ts goes back
  trace = Json{{"traceEvents", {x_event(1, 1, 0, 10), x_event(1, 1, 2, 8), x_event(1, 2, 5, 10), x_event(1, 1, 10, 1)}}};
  EXPECT_EQ(ordering_problem(trace), "");
}

TEST(ChromeTrace, ParsesBackAsAnObjectFormTrace) {
  const Json trace = round_trip(sample_records());
  ASSERT_TRUE(trace.is_object());
  EXPECT_TRUE(trace.at("traceEvents").is_array());
  EXPECT_EQ(trace.at("displayTimeUnit"), "ns");
  for (const Json& event : trace.at("traceEvents")) {
    EXPECT_TRUE(event.contains("name") && event.contains("ph") && event.contains("pid") && event.contains("tid"))
        << event.dump();
  }
}

TEST(ChromeTrace, EventsAreSortedAndSlicesNest) {
  const Json trace = round_trip(sample_records());
  EXPECT_EQ(ordering_problem(trace), "");
  // The case range and its work phase start together: the longer one first.
  std::vector<std::string> host_slices;
  for (const Json& event : events_with(trace, "X")) {
    if (event.at("cat") == "perfgate") host_slices.push_back(event.at("name").get<std::string>());
  }
  EXPECT_EQ(host_slices, (std::vector<std::string>{"case", "work", "flush"}));
}

TEST(ChromeTrace, SlicesCarryCategoriesAndTracks) {
  const Json trace = round_trip(sample_records());
  const Json* gemm = find_slice(trace, "gemm(float*)");
  ASSERT_NE(gemm, nullptr);
  EXPECT_EQ(gemm->at("cat"), "kernel");
  EXPECT_EQ(gemm->at("pid"), gpu_process(0));
  EXPECT_EQ(gemm->at("tid"), 7);
  EXPECT_EQ(gemm->at("args").at("grid"), Json::array({128, 0, 0}));
  EXPECT_EQ(gemm->at("args").at("block"), Json::array({256, 0, 0}));
  EXPECT_EQ(gemm->at("args").at("registers per thread"), 32);
  EXPECT_EQ(gemm->at("args").at("shared memory"), 4096);
  EXPECT_EQ(gemm->at("args").at("correlation"), 11);
  EXPECT_EQ(gemm->at("args").at("phase"), "work");
  EXPECT_EQ(find_slice(trace, "flush_l2")->at("args").at("phase"), "flush");

  const Json* launch = find_slice(trace, "cudaLaunchKernel");
  ASSERT_NE(launch, nullptr);
  EXPECT_EQ(launch->at("cat"), "cuda_runtime");
  EXPECT_EQ(launch->at("pid"), kHostPid);
  EXPECT_EQ(launch->at("tid"), kHostThread);
  EXPECT_EQ(find_slice(trace, "cuLaunchKernel")->at("cat"), "cuda_driver");
  EXPECT_EQ(find_slice(trace, "case")->at("cat"), "perfgate");
  EXPECT_GT(gpu_process(0), 4194304u);  // Linux's largest pid_max
}

TEST(ChromeTrace, CopiesAndMemsetsAreNamedWithBytesAndBandwidth) {
  const Json trace = round_trip(sample_records());
  const Json* copy = find_slice(trace, "Memcpy HtoD (Pinned -> Device)");
  ASSERT_NE(copy, nullptr);
  EXPECT_EQ(copy->at("cat"), "memcpy");
  EXPECT_EQ(copy->at("tid"), 9);
  EXPECT_EQ(copy->at("args").at("bytes"), 1'000'000);
  EXPECT_EQ(copy->at("args").at("source kind"), "Pinned");
  EXPECT_EQ(copy->at("args").at("destination kind"), "Device");
  EXPECT_DOUBLE_EQ(copy->at("args").at("memory bandwidth (GB/s)").get<double>(), 100.0);  // 1e6 B in 10 us
  const Json* memset = find_slice(trace, "Memset");
  ASSERT_NE(memset, nullptr);
  EXPECT_EQ(memset->at("cat"), "memset");
  EXPECT_EQ(memset->at("args").at("bytes"), 4096);
}

TEST(ChromeTrace, TimesAreMicrosecondsFromTheEarliestRecordToTheNanosecond) {
  const Json trace = round_trip(sample_records());
  EXPECT_EQ(trace.at("otherData").at("base_time_ns"), kT0 + 1'000);
  EXPECT_DOUBLE_EQ(find_slice(trace, "case")->at("ts").get<double>(), 0.0);
  const Json* relu = find_slice(trace, "relu(float*)");
  ASSERT_NE(relu, nullptr);
  EXPECT_DOUBLE_EQ(relu->at("ts").get<double>(), 29.0);
  EXPECT_DOUBLE_EQ(relu->at("dur").get<double>(), 1.234);
}

TEST(ChromeTrace, TimesBeforeTheBaseClampToZero) {
  TraceMetadata metadata = sample_metadata();
  metadata.base_time_ns = kT0 + 25'000;  // inside gemm, after the case began
  const Json trace = round_trip(sample_records(), metadata);
  for (const Json& event : trace.at("traceEvents")) {
    if (event.at("ph") == "M") continue;
    EXPECT_GE(event.at("ts").get<double>(), 0.0) << event.dump();
  }
  const Json* gemm = find_slice(trace, "gemm(float*)");
  EXPECT_DOUBLE_EQ(gemm->at("ts").get<double>(), 0.0);
  EXPECT_DOUBLE_EQ(gemm->at("dur").get<double>(), 5.0);  // still ends where it ended
  EXPECT_DOUBLE_EQ(find_slice(trace, "cudaLaunchKernel")->at("dur").get<double>(), 0.0);
  EXPECT_EQ(ordering_problem(trace), "");
}

TEST(ChromeTrace, FlowsLeadFromEachLaunchToItsGpuRecord) {
  const Json trace = round_trip(sample_records());
  const std::vector<Json> starts = events_with(trace, "s");
  const std::vector<Json> ends = events_with(trace, "f");
  ASSERT_EQ(starts.size(), 5u);
  ASSERT_EQ(ends.size(), 5u);
  std::map<std::int64_t, Json> start_by_id;
  for (const Json& s : starts) {
    EXPECT_EQ(s.at("cat"), "ac2g");
    EXPECT_EQ(s.at("pid"), kHostPid);
    EXPECT_EQ(s.at("tid"), kHostThread);
    start_by_id[s.at("id").get<std::int64_t>()] = s;
  }
  for (const Json& f : ends) {
    EXPECT_EQ(f.at("cat"), "ac2g");
    EXPECT_EQ(f.at("bp"), "e");
    EXPECT_EQ(f.at("pid"), gpu_process(0));
    ASSERT_EQ(start_by_id.count(f.at("id").get<std::int64_t>()), 1u) << f.dump();
  }
  // The arrow for correlation 11 leaves the launch and lands on gemm.
  const Json& s11 = start_by_id.at(11);
  EXPECT_DOUBLE_EQ(s11.at("ts").get<double>(), 1.0);
  for (const Json& f : ends) {
    if (f.at("id") != 11) continue;
    EXPECT_EQ(f.at("tid"), 7);
    EXPECT_DOUBLE_EQ(f.at("ts").get<double>(), find_slice(trace, "gemm(float*)")->at("ts").get<double>());
  }
}

TEST(ChromeTrace, NoFlowWithoutBothEnds) {
  ActivityRecords records = sample_records();
  records.api_calls.erase(records.api_calls.begin());         // gemm's launch is gone
  records.kernels.back().end_ns = records.kernels.back().start_ns - 1;  // flush_l2 invalid
  const Json trace = round_trip(records);
  std::set<std::int64_t> ids;
  for (const Json& s : events_with(trace, "s")) ids.insert(s.at("id").get<std::int64_t>());
  EXPECT_EQ(ids, (std::set<std::int64_t>{12, 13, 14}));
  EXPECT_EQ(events_with(trace, "f").size(), 3u);
}

TEST(ChromeTrace, MetadataNamesTheGpuProcessStreamsAndHostThreads) {
  const Json trace = round_trip(sample_records());
  std::map<std::int64_t, std::string> processes;
  std::map<std::int64_t, int> sort_index;
  std::map<std::pair<std::int64_t, std::int64_t>, std::string> threads;
  for (const Json& m : events_with(trace, "M")) {
    const auto pid = m.at("pid").get<std::int64_t>();
    const Json& args = m.at("args");
    if (m.at("name") == "process_name") processes[pid] = args.at("name").get<std::string>();
    if (m.at("name") == "process_sort_index") sort_index[pid] = args.at("sort_index").get<int>();
    if (m.at("name") == "thread_name") threads[{pid, m.at("tid").get<std::int64_t>()}] = args.at("name").get<std::string>();
  }
  EXPECT_EQ(processes.at(gpu_process(0)), "GPU 0: NVIDIA H100 80GB HBM3");
  EXPECT_EQ(processes.at(kHostPid), "gemm_suite");
  EXPECT_LT(sort_index.at(kHostPid), sort_index.at(gpu_process(0)));
  EXPECT_EQ(threads.at({gpu_process(0), 7}), "stream 7");
  EXPECT_EQ(threads.at({gpu_process(0), 9}), "stream 9");
  EXPECT_EQ(threads.at({kHostPid, kHostThread}), "thread 4243");
  // Every track that has events is named.
  for (const Json& event : trace.at("traceEvents")) {
    if (event.at("ph") == "M") continue;
    const std::pair track{event.at("pid").get<std::int64_t>(), event.at("tid").get<std::int64_t>()};
    EXPECT_EQ(threads.count(track), 1u) << event.dump();
    EXPECT_EQ(processes.count(track.first), 1u) << event.dump();
  }
}

TEST(ChromeTrace, UnnamedDeviceIsJustItsNumber) {
  ActivityRecords records = sample_records();
  for (KernelActivity& k : records.kernels) k.place.device = 1;
  const Json trace = round_trip(records);
  bool found = false;
  for (const Json& m : events_with(trace, "M")) {
    if (m.at("name") == "process_name" && m.at("pid") == gpu_process(1)) {
      EXPECT_EQ(m.at("args").at("name"), "GPU 1");
      found = true;
    }
  }
  EXPECT_TRUE(found);
}

// A collective on two GPUs: an NCCL kernel on each, launched by one call
// each (ncclGroupEnd launches per device from the calling thread).
ActivityRecords two_gpu_records() {
  ActivityRecords r = sample_records();
  r.kernels = {kernel("ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)", kT0 + 20'000,
                      kT0 + 30'000, 7, 11),
               kernel("ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)", kT0 + 20'500,
                      kT0 + 30'100, 7, 12)};
  r.kernels[1].place = {1, 2, 7};  // the same stream id on the second GPU
  r.copies.clear();
  r.memsets.clear();
  return r;
}

std::map<std::int64_t, std::string> process_names(const Json& trace) {
  std::map<std::int64_t, std::string> names;
  for (const Json& m : events_with(trace, "M"))
    if (m.at("name") == "process_name") names[m.at("pid").get<std::int64_t>()] = m.at("args").at("name");
  return names;
}

TEST(ChromeTrace, EachGpuIsATrackNamedWithItsIndexAndModel) {
  ActivityRecords records = two_gpu_records();
  records.device_names = {{0, "NVIDIA H100 80GB HBM3"}, {1, "NVIDIA H200"}};
  TraceMetadata metadata = sample_metadata();
  metadata.device_names.clear();  // the case named none: the records' names serve
  const Json trace = round_trip(records, metadata);
  const auto names = process_names(trace);
  EXPECT_EQ(names.at(gpu_process(0)), "GPU 0: NVIDIA H100 80GB HBM3");
  EXPECT_EQ(names.at(gpu_process(1)), "GPU 1: NVIDIA H200");
  // Each kernel on its own GPU's track, with its readable NCCL name.
  std::set<std::int64_t> pids;
  for (const Json& e : events_with(trace, "X"))
    if (e.at("cat") == "kernel") {
      EXPECT_EQ(e.at("name"), "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)");
      pids.insert(e.at("pid").get<std::int64_t>());
    }
  EXPECT_EQ(pids, (std::set<std::int64_t>{gpu_process(0), gpu_process(1)}));
  // The two overlap in time, yet each nests on its own track.
  EXPECT_EQ(ordering_problem(trace), "");
}

TEST(ChromeTrace, TheCasesDeviceNamesWinOverTheRecords) {
  ActivityRecords records = two_gpu_records();
  records.device_names = {{0, "from the records"}, {1, "NVIDIA H100 80GB HBM3"}};
  const auto names = process_names(round_trip(records));  // sample_metadata names device 0
  EXPECT_EQ(names.at(gpu_process(0)), "GPU 0: NVIDIA H100 80GB HBM3");
  EXPECT_EQ(names.at(gpu_process(1)), "GPU 1: NVIDIA H100 80GB HBM3");
}

TEST(ChromeTrace, OverlappingRecordsOfOneStreamMoveToAnOverflowTrack) {
  ActivityRecords records = sample_records();
  // Programmatic dependent launch: the next kernel starts before gemm ends.
  records.kernels.push_back(kernel("early(float*)", kT0 + 25'000, kT0 + 35'000, 7, 0));
  const Json trace = round_trip(records);
  EXPECT_EQ(ordering_problem(trace), "");
  const Json* early = find_slice(trace, "early(float*)");
  ASSERT_NE(early, nullptr);
  EXPECT_EQ(early->at("pid"), gpu_process(0));
  EXPECT_NE(early->at("tid"), 7);
  EXPECT_EQ(find_slice(trace, "gemm(float*)")->at("tid"), 7);
}

TEST(ChromeTrace, InvalidRecordsAreLeftOut) {
  ActivityRecords records = sample_records();
  records.kernels.push_back(kernel("no_start", 0, kT0 + 5'000, 7, 0));
  records.kernels.push_back(kernel("no_end", kT0 + 5'000, 0, 7, 0));
  records.kernels.push_back(kernel("backwards", kT0 + 5'000, kT0 + 4'000, 7, 0));
  CopyActivity bad_copy = records.copies[0];
  bad_copy.end_ns = 0;
  records.copies.push_back(bad_copy);
  records.invalid_records = 4;
  const Json trace = round_trip(records);
  EXPECT_EQ(find_slice(trace, "no_start"), nullptr);
  EXPECT_EQ(find_slice(trace, "no_end"), nullptr);
  EXPECT_EQ(find_slice(trace, "backwards"), nullptr);
  EXPECT_EQ(events_with(trace, "X").size(), events_with(round_trip(sample_records()), "X").size());
  EXPECT_EQ(trace.at("otherData").at("invalid_records"), 4);
  // A record with no start must not become the base time.
  EXPECT_EQ(trace.at("otherData").at("base_time_ns"), kT0 + 1'000);
}

TEST(ChromeTrace, OtherDataDescribesThePass) {
  ActivityRecords records = sample_records();
  records.dropped_records = 17;
  const Json data = round_trip(records).at("otherData");
  EXPECT_EQ(data.at("case"), "BM_Gemm/1024");
  EXPECT_EQ(data.at("iterations"), 10);
  EXPECT_EQ(data.at("dropped_records"), 17);
  EXPECT_EQ(data.at("invalid_records"), 0);
}

TEST(ChromeTrace, EmptyRecordsGiveAnEmptyTrace) {
  const Json trace = round_trip(ActivityRecords{});
  EXPECT_TRUE(trace.at("traceEvents").empty());
  EXPECT_EQ(trace.at("otherData").at("base_time_ns"), 0);
}

TEST(ChromeTrace, AwkwardNamesAreEscapedAndInvalidUtf8Replaced) {
  ActivityRecords records = sample_records();
  records.kernels[0].name = "k<\"quoted\">\\back\nline\t";
  records.kernels[1].name = std::string("bad\xff\xfe utf8 \xc3");
  const testing::TempDir dir;
  const auto file = dir / "nested/folder/trace.json";
  write_chrome_trace(records, sample_metadata(), file);
  const Json trace = Json::parse(testing::read_text(file));
  EXPECT_NE(find_slice(trace, "k<\"quoted\">\\back\nline\t"), nullptr);
  EXPECT_NE(find_slice(trace, "bad\xef\xbf\xbd\xef\xbf\xbd utf8 \xef\xbf\xbd"), nullptr);
  EXPECT_EQ(ordering_problem(trace), "");
  // The document itself holds valid UTF-8: a strict dump does not throw.
  EXPECT_NO_THROW((void)chrome_trace_json(records, sample_metadata()).dump());
}

TEST(ChromeTrace, WriteReplacesAnOldTrace) {
  const testing::TempDir dir;
  testing::write_text(dir / "t.json", "old");
  write_chrome_trace(sample_records(), sample_metadata(), dir / "t.json");
  EXPECT_EQ(Json::parse(testing::read_text(dir / "t.json")), round_trip(sample_records()));
}

}  // namespace
}  // namespace perfgate::trace
