#include "trace/chrome_trace.hpp"

#include <algorithm>
#include <limits>
#include <string_view>
#include <utility>
#include <vector>

#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/utf8.hpp"

namespace perfgate::trace {
namespace {

using Json = nlohmann::ordered_json;

// Trace times are offsets from a base rather than epoch values: 19-digit
// nanosecond stamps do not fit a double, offsets of a pass do, to the ns.
class TraceClock {
 public:
  explicit TraceClock(std::uint64_t base_ns) : base_ns_(base_ns) {}
  std::uint64_t base_ns() const { return base_ns_; }
  std::uint64_t offset_ns(std::uint64_t time_ns) const { return time_ns > base_ns_ ? time_ns - base_ns_ : 0; }

 private:
  std::uint64_t base_ns_;
};

double microseconds(std::uint64_t ns) { return static_cast<double>(ns) / 1000.0; }

struct Track {
  std::uint32_t pid = 0;
  std::uint32_t tid = 0;
};

// One trace event and what it sorts by.
struct Event {
  enum Kind { metadata, slice, flow };
  Json json;
  Kind kind = slice;
  std::uint64_t ts_ns = 0;
  std::uint64_t dur_ns = 0;
};

// Metadata first, then by time; at one time a slice before the flow arrows
// that bind to it, and a longer slice before a shorter one so that a parent
// opens before its children.
bool sorts_before(const Event& a, const Event& b) {
  if ((a.kind == Event::metadata) != (b.kind == Event::metadata)) return a.kind == Event::metadata;
  if (a.ts_ns != b.ts_ns) return a.ts_ns < b.ts_ns;
  if (a.kind != b.kind) return a.kind < b.kind;
  return a.dur_ns > b.dur_ns;
}

Event slice_event(const std::string& name, const char* category, Track track, std::uint64_t start_ns,
                  std::uint64_t end_ns, Json args, const TraceClock& clock) {
  const std::uint64_t ts = clock.offset_ns(start_ns);
  const std::uint64_t dur = clock.offset_ns(end_ns) - ts;
  Json json;
  json["name"] = valid_utf8(name);
  json["cat"] = category;
  json["ph"] = "X";
  json["ts"] = microseconds(ts);
  json["dur"] = microseconds(dur);
  json["pid"] = track.pid;
  json["tid"] = track.tid;
  json["args"] = std::move(args);
  return {std::move(json), Event::slice, ts, dur};
}

Event flow_event(const char* phase, Track track, std::uint64_t time_ns, std::uint32_t correlation,
                 const TraceClock& clock) {
  const std::uint64_t ts = clock.offset_ns(time_ns);
  Json json;
  json["name"] = "launch";
  json["cat"] = "ac2g";
  json["ph"] = phase;
  json["ts"] = microseconds(ts);
  json["pid"] = track.pid;
  json["tid"] = track.tid;
  json["id"] = correlation;
  // An arrow's head binds to the slice that encloses it, the GPU record
  // starting there, rather than to the next slice after it.
  if (std::string_view(phase) == "f") json["bp"] = "e";
  return {std::move(json), Event::flow, ts, 0};
}

Event metadata_event(const char* what, Track track, Json args) {
  Json json;
  json["name"] = what;
  json["ph"] = "M";
  json["pid"] = track.pid;
  json["tid"] = track.tid;
  json["args"] = std::move(args);
  return {std::move(json), Event::metadata, 0, 0};
}

// The names of the processes and threads the events use, for the
// metadata events.
class TrackNames {
 public:
  void name_process(std::uint32_t pid, std::string name, int sort_index) {
    processes_.try_emplace(pid, Process{std::move(name), sort_index});
  }
  void name_thread(Track track, std::string name) {
    threads_.try_emplace(std::pair(track.pid, track.tid), std::move(name));
  }

  void add_events(std::vector<Event>& events) const {
    for (const auto& [pid, process] : processes_) {
      events.push_back(metadata_event("process_name", {pid, 0}, {{"name", valid_utf8(process.name)}}));
      events.push_back(metadata_event("process_sort_index", {pid, 0}, {{"sort_index", process.sort_index}}));
    }
    for (const auto& [track, name] : threads_) {
      events.push_back(metadata_event("thread_name", {track.first, track.second}, {{"name", name}}));
    }
  }

 private:
  struct Process {
    std::string name;
    int sort_index = 0;
  };
  std::map<std::uint32_t, Process> processes_;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::string> threads_;
};

// The phase, and the case, of the API call behind `correlation`.
void add_phase(Json& args, const ActivityRecords& records, std::uint32_t correlation) {
  const auto found = records.external_ids.find(correlation);
  if (found == records.external_ids.end()) return;
  args["phase"] = to_string(static_cast<Phase>(phase_of(found->second)));
  args["case index"] = case_of(found->second);
}

// A GPU record before it is placed on a track.
struct GpuSlice {
  std::string name;
  const char* category = "";
  GpuPlace place;
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
  std::uint32_t correlation = 0;
  Json args;
  std::uint32_t tid = 0;  // the stream, or an overflow track (assign_gpu_tracks)
};

Json place_args(const GpuPlace& place, std::uint32_t correlation) {
  return {{"device", place.device}, {"context", place.context}, {"stream", place.stream},
          {"correlation", correlation}};
}

GpuSlice kernel_slice(const KernelActivity& kernel, const ActivityRecords& records) {
  Json args = place_args(kernel.place, kernel.correlation);
  args["grid"] = {kernel.grid[0], kernel.grid[1], kernel.grid[2]};
  args["block"] = {kernel.block[0], kernel.block[1], kernel.block[2]};
  args["registers per thread"] = kernel.registers_per_thread;
  args["shared memory"] = kernel.shared_memory_bytes;
  add_phase(args, records, kernel.correlation);
  return {kernel.name, "kernel", kernel.place, kernel.start_ns, kernel.end_ns, kernel.correlation,
          std::move(args)};
}

// Bytes per ns are GB/s.
void add_bandwidth(Json& args, std::uint64_t bytes, std::uint64_t start_ns, std::uint64_t end_ns) {
  if (end_ns > start_ns) {
    args["memory bandwidth (GB/s)"] = static_cast<double>(bytes) / static_cast<double>(end_ns - start_ns);
  }
}

// "Memcpy HtoD (Pinned -> Device)", as Kineto names them.
std::string copy_name(const CopyActivity& copy) {
  std::string name = std::string("Memcpy ") + to_string(copy.direction);
  if (!copy.source_kind.empty() || !copy.destination_kind.empty()) {
    name += " (" + copy.source_kind + " -> " + copy.destination_kind + ")";
  }
  return name;
}

GpuSlice copy_slice(const CopyActivity& copy, const ActivityRecords& records) {
  Json args = place_args(copy.place, copy.correlation);
  args["bytes"] = copy.bytes;
  args["source kind"] = valid_utf8(copy.source_kind);
  args["destination kind"] = valid_utf8(copy.destination_kind);
  add_bandwidth(args, copy.bytes, copy.start_ns, copy.end_ns);
  add_phase(args, records, copy.correlation);
  return {copy_name(copy), "memcpy", copy.place, copy.start_ns, copy.end_ns, copy.correlation,
          std::move(args)};
}

GpuSlice memset_slice(const MemsetActivity& memset, const ActivityRecords& records) {
  Json args = place_args(memset.place, memset.correlation);
  args["bytes"] = memset.bytes;
  add_bandwidth(args, memset.bytes, memset.start_ns, memset.end_ns);
  add_phase(args, records, memset.correlation);
  return {"Memset", "memset", memset.place, memset.start_ns, memset.end_ns, memset.correlation,
          std::move(args)};
}

std::vector<GpuSlice> gpu_slices(const ActivityRecords& records) {
  std::vector<GpuSlice> slices;
  for (const KernelActivity& kernel : records.kernels) {
    if (has_valid_times(kernel.start_ns, kernel.end_ns)) slices.push_back(kernel_slice(kernel, records));
  }
  for (const CopyActivity& copy : records.copies) {
    if (has_valid_times(copy.start_ns, copy.end_ns)) slices.push_back(copy_slice(copy, records));
  }
  for (const MemsetActivity& memset : records.memsets) {
    if (has_valid_times(memset.start_ns, memset.end_ns)) slices.push_back(memset_slice(memset, records));
  }
  return slices;
}

// The open slices of one track: another fits when it nests inside them.
class NestingTrack {
 public:
  bool try_add(std::uint64_t start_ns, std::uint64_t end_ns) {
    while (!open_ends_.empty() && open_ends_.back() <= start_ns) open_ends_.pop_back();
    if (!open_ends_.empty() && end_ns > open_ends_.back()) return false;
    open_ends_.push_back(end_ns);
    return true;
  }

 private:
  std::vector<std::uint64_t> open_ends_;
};

// Slices on one track must nest, or Perfetto cuts and misdraws them.
// Records of one stream overlap when the next kernel starts early
// (programmatic dependent launch), so an overlapping record moves to an
// overflow track of its stream.  Overflow tids count down from the top of
// the int32 range, far from CUPTI's small stream ids.
class GpuTrackAssigner {
 public:
  explicit GpuTrackAssigner(TrackNames& names) : names_(names) {}

  void assign(std::vector<GpuSlice>& slices) {
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<GpuSlice*>> by_stream;
    for (GpuSlice& slice : slices) by_stream[{slice.place.device, slice.place.stream}].push_back(&slice);
    for (auto& [stream, members] : by_stream) assign_stream(stream.first, stream.second, members);
  }

 private:
  void assign_stream(std::uint32_t device, std::uint32_t stream, std::vector<GpuSlice*>& members) {
    std::stable_sort(members.begin(), members.end(), [](const GpuSlice* a, const GpuSlice* b) {
      return a->start_ns != b->start_ns ? a->start_ns < b->start_ns : a->end_ns > b->end_ns;
    });
    std::vector<NestingTrack> tracks;
    std::vector<std::uint32_t> tids;
    for (GpuSlice* slice : members) {
      std::size_t k = 0;
      while (k < tracks.size() && !tracks[k].try_add(slice->start_ns, slice->end_ns)) ++k;
      if (k == tracks.size()) {
        tracks.emplace_back().try_add(slice->start_ns, slice->end_ns);
        tids.push_back(new_track(device, stream, k));
      }
      slice->tid = tids[k];
    }
  }

  std::uint32_t new_track(std::uint32_t device, std::uint32_t stream, std::size_t overflow) {
    const std::uint32_t pid = gpu_process(device);
    if (overflow == 0) {
      names_.name_thread({pid, stream}, "stream " + std::to_string(stream));
      return stream;
    }
    auto [next, unused] = next_overflow_tid_.try_emplace(device, std::numeric_limits<std::int32_t>::max());
    const std::uint32_t tid = next->second--;
    names_.name_thread({pid, tid}, "stream " + std::to_string(stream) + " overlaps " + std::to_string(overflow));
    return tid;
  }

  TrackNames& names_;
  std::map<std::uint32_t, std::uint32_t> next_overflow_tid_;  // per device
};

// The device's model as the case named it, else as the records did.
std::string device_model(std::uint32_t device, const ActivityRecords& records, const TraceMetadata& metadata) {
  for (const auto* names : {&metadata.device_names, &records.device_names}) {
    const auto found = names->find(device);
    if (found != names->end() && !found->second.empty()) return found->second;
  }
  return "";
}

// "GPU 1: NVIDIA H100 80GB HBM3": one process, so one group of tracks, per GPU.
std::string gpu_process_name(std::uint32_t device, const ActivityRecords& records, const TraceMetadata& metadata) {
  std::string name = "GPU " + std::to_string(device);
  const std::string model = device_model(device, records, metadata);
  if (!model.empty()) name += ": " + model;
  return name;
}

void add_gpu_events(const std::vector<GpuSlice>& slices, const ActivityRecords& records, const TraceMetadata& metadata,
                    const TraceClock& clock, TrackNames& names, std::vector<Event>& events) {
  for (const GpuSlice& slice : slices) {
    const std::uint32_t pid = gpu_process(slice.place.device);
    // The host sorts first, then the GPUs by index.
    names.name_process(pid, gpu_process_name(slice.place.device, records, metadata),
                       1 + static_cast<int>(slice.place.device));
    events.push_back(slice_event(slice.name, slice.category, {pid, slice.tid}, slice.start_ns, slice.end_ns,
                                 slice.args, clock));
  }
}

Track host_track(const TraceMetadata& metadata, std::uint32_t thread, TrackNames& names) {
  const Track track{metadata.host_process, thread};
  names.name_process(track.pid, metadata.host_process_name.empty() ? "host" : metadata.host_process_name, 0);
  names.name_thread(track, "thread " + std::to_string(thread));
  return track;
}

void add_host_events(const ActivityRecords& records, const TraceMetadata& metadata, const TraceClock& clock,
                     TrackNames& names, std::vector<Event>& events) {
  // Harness ranges go first so that one that starts and ends with an API
  // call still encloses it.
  for (const HarnessRange& range : records.harness_ranges) {
    if (!has_valid_times(range.start_ns, range.end_ns)) continue;
    events.push_back(slice_event(range.name, "perfgate", host_track(metadata, range.thread, names), range.start_ns,
                                 range.end_ns, Json::object(), clock));
  }
  for (const ApiActivity& call : records.api_calls) {
    if (!has_valid_times(call.start_ns, call.end_ns)) continue;
    Json args{{"correlation", call.correlation}};
    add_phase(args, records, call.correlation);
    events.push_back(slice_event(call.name, call.driver ? "cuda_driver" : "cuda_runtime",
                                 host_track(metadata, call.thread, names), call.start_ns, call.end_ns,
                                 std::move(args), clock));
  }
}

// One arrow per launching call, to the earliest GPU record it started (a
// graph launch starts many under one correlation id, and a flow id can be
// used only once).
void add_flows(const ActivityRecords& records, const std::vector<GpuSlice>& slices, const TraceMetadata& metadata,
               const TraceClock& clock, std::vector<Event>& events) {
  std::map<std::uint32_t, const ApiActivity*> calls;
  for (const ApiActivity& call : records.api_calls) {
    if (call.correlation != 0 && has_valid_times(call.start_ns, call.end_ns)) calls.try_emplace(call.correlation, &call);
  }
  std::map<std::uint32_t, const GpuSlice*> targets;
  for (const GpuSlice& slice : slices) {
    if (slice.correlation == 0) continue;
    auto [target, added] = targets.try_emplace(slice.correlation, &slice);
    if (!added && slice.start_ns < target->second->start_ns) target->second = &slice;
  }
  for (const auto& [correlation, target] : targets) {
    const auto call = calls.find(correlation);
    if (call == calls.end()) continue;
    const ApiActivity& api = *call->second;
    events.push_back(flow_event("s", {metadata.host_process, api.thread}, api.start_ns, correlation, clock));
    events.push_back(flow_event("f", {gpu_process(target->place.device), target->tid}, target->start_ns,
                                correlation, clock));
  }
}

std::uint64_t earliest_start(const ActivityRecords& records, const std::vector<GpuSlice>& slices) {
  std::uint64_t earliest = std::numeric_limits<std::uint64_t>::max();
  const auto consider = [&](std::uint64_t start_ns, std::uint64_t end_ns) {
    if (has_valid_times(start_ns, end_ns)) earliest = std::min(earliest, start_ns);
  };
  for (const GpuSlice& slice : slices) consider(slice.start_ns, slice.end_ns);
  for (const ApiActivity& call : records.api_calls) consider(call.start_ns, call.end_ns);
  for (const HarnessRange& range : records.harness_ranges) consider(range.start_ns, range.end_ns);
  return earliest == std::numeric_limits<std::uint64_t>::max() ? 0 : earliest;
}

Json other_data(const ActivityRecords& records, const TraceMetadata& metadata, const TraceClock& clock) {
  return {{"producer", "perfgate"},
          {"case", valid_utf8(metadata.case_name)},
          {"base_time_ns", clock.base_ns()},
          {"iterations", metadata.iterations},
          {"dropped_records", records.dropped_records},
          {"invalid_records", records.invalid_records}};
}

}  // namespace

Json chrome_trace_json(const ActivityRecords& records, const TraceMetadata& metadata) {
  std::vector<GpuSlice> slices = gpu_slices(records);
  const TraceClock clock(metadata.base_time_ns.value_or(earliest_start(records, slices)));
  TrackNames names;
  GpuTrackAssigner(names).assign(slices);

  std::vector<Event> events;
  add_host_events(records, metadata, clock, names, events);
  add_gpu_events(slices, records, metadata, clock, names, events);
  add_flows(records, slices, metadata, clock, events);
  names.add_events(events);
  std::stable_sort(events.begin(), events.end(), sorts_before);

  Json trace_events = Json::array();
  for (Event& event : events) trace_events.push_back(std::move(event.json));
  Json document;
  document["traceEvents"] = std::move(trace_events);
  document["displayTimeUnit"] = "ns";
  document["otherData"] = other_data(records, metadata, clock);
  return document;
}

void write_chrome_trace(const ActivityRecords& records, const TraceMetadata& metadata,
                        const std::filesystem::path& file) {
  // No indentation: traces are large.  `replace` is a second guard after
  // valid_utf8, since a dump that throws would lose the whole trace.
  const std::string text = chrome_trace_json(records, metadata).dump(-1, ' ', false, Json::error_handler_t::replace);
  write_file_atomically(file, text);
}

}  // namespace perfgate::trace
