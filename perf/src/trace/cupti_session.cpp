#include "trace/cupti_session.hpp"

#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <mutex>

#include <cuda_runtime_api.h>
#include <cupti.h>

#include "cupti_record_reader.hpp"
#include "trace/case_records.hpp"
#include "trace/tracing_off.hpp"

namespace perfgate::trace {
namespace {

// CUPTI recommends 1-10 MB buffers; 8 MiB holds ~250k kernel records.
constexpr std::size_t kBufferBytes = std::size_t{8} << 20;
constexpr CUpti_ExternalCorrelationKind kPerfgateCorrelation = CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0;

// Enabled only while a case is traced: API tracing lengthens every launch.
constexpr CUpti_ActivityKind kPassKinds[] = {CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_ACTIVITY_KIND_DRIVER,
                                             CUPTI_ACTIVITY_KIND_MEMCPY, CUPTI_ACTIVITY_KIND_MEMSET,
                                             CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION};

struct Session {
  std::mutex mutex;        // guards `delivered`: CUPTI's worker thread fills it
  ActivityRecords delivered;
  bool started = false;
  bool broken = false;     // a CUPTI error during a pass: no more tracing
  std::uint64_t case_index = 0;
  std::uint64_t case_start_ns = 0;
  std::vector<HarnessRange> ranges;  // of the current case, on the tracing thread
};

Session& session() {
  static Session s;
  return s;
}

std::string result_name(CUptiResult result) {
  const char* name = nullptr;
  return cuptiGetResultString(result, &name) == CUPTI_SUCCESS && name ? name : "";
}

std::uint32_t this_thread() { return static_cast<std::uint32_t>(::syscall(SYS_gettid)); }

void CUPTIAPI buffer_requested(std::uint8_t** buffer, std::size_t* size, std::size_t* max_records) {
  *buffer = static_cast<std::uint8_t*>(std::aligned_alloc(8, kBufferBytes));
  *size = *buffer ? kBufferBytes : 0;
  *max_records = 0;  // as many as fit
}

// Runs on CUPTI's worker thread: no CUDA calls here.
void CUPTIAPI buffer_completed(CUcontext, std::uint32_t, std::uint8_t* buffer, std::size_t, std::size_t valid) {
  ActivityRecords read;
  CUpti_Activity* record = nullptr;
  while (cuptiActivityGetNextRecord(buffer, valid, &record) == CUPTI_SUCCESS) read_cupti_record(*record, read);
  std::free(buffer);
  Session& s = session();
  const std::lock_guard lock(s.mutex);
  auto append = [](auto& to, auto& from) { to.insert(to.end(), from.begin(), from.end()); };
  append(s.delivered.kernels, read.kernels);
  append(s.delivered.copies, read.copies);
  append(s.delivered.memsets, read.memsets);
  append(s.delivered.api_calls, read.api_calls);
  s.delivered.external_ids.merge(read.external_ids);
  s.delivered.invalid_records += read.invalid_records;
}

// No callback domain is enabled: the subscription only claims CUPTI.
void CUPTIAPI no_callbacks(void*, CUpti_CallbackDomain, CUpti_CallbackId, const void*) {}

// The first error of a pass ends tracing for the process, with one warning.
bool ok(const char* api, CUptiResult result) {
  if (result == CUPTI_SUCCESS) return true;
  Session& s = session();
  if (!s.broken) std::cerr << tracing_off_warning(cupti_refusal(api, result, result_name(result), "")) << "\n";
  s.broken = true;
  return false;
}

bool set_pass_kinds(bool enable) {
  for (CUpti_ActivityKind kind : kPassKinds)
    if (!ok(enable ? "cuptiActivityEnable" : "cuptiActivityDisable",
            enable ? cuptiActivityEnable(kind) : cuptiActivityDisable(kind)))
      return false;
  return true;
}

bool tracing() { return session().started && !session().broken; }

// The model of every device the case's GPU records ran on: a collective or
// a sharded step runs on several.  Called on the case's thread, after the
// flush (CUDA calls are not allowed on CUPTI's worker thread).
void name_devices(ActivityRecords& records) {
  const auto name = [&](const GpuPlace& place) {
    if (records.device_names.count(place.device)) return;
    cudaDeviceProp properties{};
    if (cudaGetDeviceProperties(&properties, static_cast<int>(place.device)) == cudaSuccess)
      records.device_names[place.device] = properties.name;
  };
  for (const KernelActivity& k : records.kernels) name(k.place);
  for (const CopyActivity& c : records.copies) name(c.place);
  for (const MemsetActivity& m : records.memsets) name(m.place);
}

}  // namespace

std::optional<std::string> start_tracing() {
  Session& s = session();
  if (s.started) return std::nullopt;
  char holder[CUPTI_OLD_SUBSCRIBER_NAME_MIN_LEN * 2] = {};
  CUpti_SubscriberParams params{};
  params.structSize = CUpti_SubscriberParams_STRUCT_SIZE;
  params.subscriberName = "perfgate";
  params.oldSubscriberName = holder;
  params.oldSubscriberSize = sizeof holder;
  CUpti_SubscriberHandle subscriber = nullptr;
  // Subscribing first is how a CUPTI client learns that a profiler (Nsight
  // Systems, Nsight Compute, cuda-gdb) already holds CUPTI, and which.
  if (const CUptiResult r = cuptiSubscribe_v2(&subscriber, no_callbacks, nullptr, &params); r != CUPTI_SUCCESS)
    return cupti_refusal("cuptiSubscribe_v2", r, result_name(r), holder);
  const auto refuse = [&](const char* api, CUptiResult r) {
    cuptiUnsubscribe(subscriber);
    return cupti_refusal(api, r, result_name(r), "");
  };
  // System thread ids, so the harness's own ranges share the API calls' tracks.
  if (const CUptiResult r = cuptiSetThreadIdType(CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM); r != CUPTI_SUCCESS)
    return refuse("cuptiSetThreadIdType", r);
  if (const CUptiResult r = cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed); r != CUPTI_SUCCESS)
    return refuse("cuptiActivityRegisterCallbacks", r);
  // CONCURRENT_KERNEL, never KERNEL: KERNEL serializes every kernel.
  if (const CUptiResult r = cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL); r != CUPTI_SUCCESS)
    return refuse("cuptiActivityEnable(CONCURRENT_KERNEL)", r);
  s.started = true;
  return std::nullopt;
}

bool trace_pass_process() { return session().started; }
bool tracing_works() { return tracing(); }

std::uint64_t trace_clock_ns() {
  std::uint64_t now = 0;
  cuptiGetTimestamp(&now);
  return now;
}

void begin_traced_case() {
  Session& s = session();
  if (!tracing()) return;
  ++s.case_index;
  s.ranges.clear();
  s.case_start_ns = trace_clock_ns();
  set_pass_kinds(true);
}

ActivityRecords end_traced_case() {
  Session& s = session();
  if (!tracing()) return {};
  const std::uint64_t end_ns = trace_clock_ns();
  // Disabled before the flush, so the flush's own calls are not recorded;
  // FlushAll does not synchronize: the caller has waited for the device.
  if (!set_pass_kinds(false) || !ok("cuptiActivityFlushAll", cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED)))
    return {};
  std::size_t dropped = 0;
  ok("cuptiActivityGetNumDroppedRecords", cuptiActivityGetNumDroppedRecords(nullptr, 0, &dropped));
  ActivityRecords all;
  {
    const std::lock_guard lock(s.mutex);
    all = std::move(s.delivered);
    s.delivered.clear();
  }
  all.dropped_records = dropped;
  all.harness_ranges = std::move(s.ranges);
  all.harness_ranges.push_back({"traced pass", s.case_start_ns, end_ns, static_cast<std::uint32_t>(::getpid()),
                                this_thread()});
  ActivityRecords mine = records_of_case(all, s.case_index);
  name_devices(mine);
  return mine;
}

TracedPhase::TracedPhase(Phase phase) : phase_(phase), start_ns_(trace_clock_ns()) {
  if (!tracing()) return;
  pushed_ = ok("cuptiActivityPushExternalCorrelationId",
               cuptiActivityPushExternalCorrelationId(kPerfgateCorrelation, external_id(session().case_index, phase)));
}

TracedPhase::~TracedPhase() {
  if (!pushed_) return;
  std::uint64_t last = 0;
  ok("cuptiActivityPopExternalCorrelationId", cuptiActivityPopExternalCorrelationId(kPerfgateCorrelation, &last));
  session().ranges.push_back(
      {to_string(phase_), start_ns_, trace_clock_ns(), static_cast<std::uint32_t>(::getpid()), this_thread()});
}

}  // namespace perfgate::trace
