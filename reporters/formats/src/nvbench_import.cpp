#include "perfgate/formats/nvbench_import.hpp"
#include "perfgate/model/counter_names.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/shell_command.hpp"
#include "perfgate/model/suite_name.hpp"
#include "nvbench_document.hpp"
#include "nvbench_sample_file.hpp"
#include "nvbench_values.hpp"

namespace perfgate {
namespace {

using Json = nlohmann::json;
using detail::nvbench_number;
using detail::nvbench_whole;

constexpr const char* kSampleFileTag = "nv/json/bin:nv/cold/sample_times";
// Bounds for the device numbers, so that converting them cannot overflow.
constexpr double kMaxBytes = 9.0e18;
constexpr double kMaxHz = 1.0e15;

struct Device {
  int id = 0;
  Fingerprint fingerprint;
};

using detail::kMaxInt;

// sm_version 750 -> "7.5"; 1000 -> "10.0".
std::string compute_capability(int sm_version) {
  return std::to_string(sm_version / 100) + "." + std::to_string(sm_version % 100 / 10);
}

Device read_device(const Json& d, const std::string& origin) {
  const std::string where = origin + ": devices";
  if (!d.is_object() || !d.contains("id") || !d.contains("name") || !d["name"].is_string())
    throw InputError(where + ": an entry without an \"id\" and a \"name\"");
  Device device;
  device.id = static_cast<int>(nvbench_whole(d, "id", kMaxInt, where));
  Fingerprint& f = device.fingerprint;
  f.kind = DeviceKind::gpu;
  f.name = d["name"].get<std::string>();
  if (slugify(f.name).empty())  // the slug names the baseline folder
    throw InputError(where + ": device " + std::to_string(device.id) + " has no usable name " + quote_text(f.name));
  f.compute_capability = compute_capability(static_cast<int>(nvbench_whole(d, "sm_version", kMaxInt, where)));
  f.sm_count = static_cast<int>(nvbench_whole(d, "number_of_sms", kMaxInt, where));
  f.memory_bytes = static_cast<std::uint64_t>(nvbench_whole(d, "global_memory_size", kMaxBytes, where));
  f.l2_bytes = static_cast<std::uint64_t>(nvbench_whole(d, "l2_cache_size", kMaxBytes, where));
  f.max_sm_clock_mhz = static_cast<int>(nvbench_whole(d, "sm_default_clock_rate", kMaxHz, where) / 1000000);
  f.max_memory_clock_mhz = static_cast<int>(nvbench_whole(d, "global_memory_bus_peak_clock_rate", kMaxHz, where) / 1000000);
  f.memory_bus_bits = static_cast<int>(nvbench_whole(d, "global_memory_bus_width", kMaxInt, where));
  f.ecc = d.value("ecc_state", false);
  return device;
}

// The fingerprint of the devices the states ran on.  Several devices make
// one fingerprint that names them all, so that a run on another set of
// devices is INCOMPARABLE; the numbers are the first device's.
Fingerprint machine_fingerprint(const std::vector<Device>& used) {
  Fingerprint f = used.front().fingerprint;
  for (std::size_t i = 1; i < used.size(); ++i) {
    f.name += " + " + used[i].fingerprint.name;
    f.compute_capability += " + " + used[i].fingerprint.compute_capability;
  }
  f.slug = make_slug(f.kind, f.name);
  return f;
}

// "Device=0 BlockSize=2^6" -> "BlockSize=2^6" when one device ran everything.
std::string state_label(const std::string& state_name, bool one_device) {
  if (!one_device || state_name.rfind("Device=", 0) != 0) return state_name;
  const std::size_t space = state_name.find(' ');
  return space == std::string::npos ? std::string() : state_name.substr(space + 1);
}

const Json* find_summary(const Json& state, const std::string& tag) {
  const auto summaries = state.find("summaries");
  if (summaries == state.end() || !summaries->is_array()) return nullptr;
  for (const Json& s : *summaries)
    if (s.is_object() && s.value("tag", std::string()) == tag) return &s;
  return nullptr;
}

// A summary's "value": absent or null (infinite) as nullopt.
std::optional<double> summary_value(const Json& state, const std::string& tag, const std::string& where) {
  const Json* s = find_summary(state, tag);
  if (!s || !s->contains("data")) return std::nullopt;
  const detail::NvbenchValue v = nvbench_number((*s)["data"], "value", where + ": summary " + tag);
  if (!v.present || v.is_null) return std::nullopt;
  return v.number;
}

// NVBench's stdev is from the same samples as its mean; a stored relative
// noise is stdev / mean.  Null noise means infinite: no spread could be
// estimated, which happens only with fewer than two samples or a zero mean.
double cold_gpu_stdev(const Json& state, const SampleStatistics& s, const std::string& where) {
  if (auto absolute = summary_value(state, "nv/cold/time/gpu/stdev/absolute", where)) return *absolute;
  if (auto relative = summary_value(state, "nv/cold/time/gpu/stdev/relative", where)) return *relative * s.mean;
  if (s.count < 2 || s.mean == 0.0) return 0.0;
  throw InputError(where + ": NVBench wrote no finite noise for " + std::to_string(s.count) + " samples");
}

void check_time(double value, const char* what, const std::string& where) {
  if (!std::isfinite(value) || value < 0)
    throw InputError(where + ": the cold GPU " + std::string(what) + " is not a finite non-negative time");
}

// The cold GPU time as NVBench summarized it.
SampleStatistics cold_gpu_summary(const Json& state, const std::string& where) {
  const auto count = summary_value(state, "nv/cold/sample_size", where);
  const auto mean = summary_value(state, "nv/cold/time/gpu/mean", where);
  if (!count || !mean) throw InputError(where + ": it has no cold GPU time (nv/cold/sample_size and nv/cold/time/gpu/mean)");
  if (*count < 1 || *count != std::floor(*count) || *count > 1e15)
    throw InputError(where + ": NVBench kept no valid sample (nv/cold/sample_size " + std::to_string(*count) + ")");
  SampleStatistics s;
  s.count = static_cast<std::size_t>(*count);
  s.mean = *mean;
  check_time(s.mean, "mean", where);
  s.stdev = cold_gpu_stdev(state, s, where);
  check_time(s.stdev, "standard deviation", where);
  s.min = summary_value(state, "nv/cold/time/gpu/min", where);
  s.max = summary_value(state, "nv/cold/time/gpu/max", where);
  s.median = summary_value(state, "nv/cold/time/gpu/median", where);
  for (const auto& extreme : {s.min, s.max, s.median})
    if (extreme) check_time(*extreme, "min, max or median", where);
  // The mean of identical samples can round one ulp past them.
  if (s.min && s.max && *s.min <= *s.max) s.mean = std::clamp(s.mean, *s.min, *s.max);
  // What the results loader would refuse, refused here (found by fuzzing:
  // a mean above the max was imported, then not read back).
  if (const auto problem = summary_problem(s)) throw InputError(where + ": the cold GPU time's summary: " + *problem);
  return s;
}

std::vector<double> sample_file_times(const Json& state, const std::filesystem::path& folder, const std::string& where) {
  const Json& data = find_summary(state, kSampleFileTag)->at("data");
  const auto filename = detail::nvbench_string(data, "filename");
  const detail::NvbenchValue size = nvbench_number(data, "size", where + ": summary " + kSampleFileTag);
  if (!filename || !size.present || size.is_null || size.number < 0 || size.number > 1e15 ||
      size.number != std::floor(size.number))
    throw InputError(where + ": summary " + kSampleFileTag + " has no \"filename\" and whole \"size\"");
  return detail::read_nvbench_samples(folder, *filename, static_cast<std::int64_t>(size.number), where);
}

void add_counters(const Json& state, BenchmarkResult& b, const std::string& where) {
  if (auto bytes = summary_value(state, "nv/cold/bw/global/bytes_per_second", where)) b.counters[counter::kGigabytesPerSecond] = *bytes / 1e9;
  if (auto items = summary_value(state, "nv/cold/bw/item_rate", where)) b.counters["Elem/s"] = *items;
  if (auto clock = summary_value(state, "nv/cold/sm_clock_rate/mean", where)) b.counters[counter::kSmClockMhz] = *clock / 1e6;
}

BenchmarkResult read_state(const Json& state, const std::string& name, const std::optional<std::filesystem::path>& folder,
                           const std::string& where) {
  BenchmarkResult b;
  b.name = name;
  b.iterations = 1;  // a cold sample is one launch of the benchmark's work
  if (state.value("is_skipped", false)) {
    const auto reason = state.find("skip_reason");
    b.skipped = reason != state.end() && reason->is_string() ? reason->get<std::string>() : "skipped by NVBench";
    return b;
  }
  if (folder && find_summary(state, kSampleFileTag)) b.samples = sample_file_times(state, *folder, where);
  if (b.samples.empty()) b.summary = cold_gpu_summary(state, where);
  add_counters(state, b, where);
  return b;
}

std::string state_name(const Json& state, const std::string& where) {
  for (const char* key : {"name", "description"})  // "description" before NVBench JSON 1.0
    if (state.contains(key) && state[key].is_string()) return state[key].get<std::string>();
  throw InputError(where + " has no \"name\"");
}

const Json* argv_of(const Json& meta) {
  if (!meta.is_object() || !meta.contains("argv") || !meta["argv"].is_array()) return nullptr;
  return &meta["argv"];
}

// Quoted: reports print the recorded command to be pasted (issue 41).
std::string command_of(const Json& meta) {
  const Json* argv = argv_of(meta);
  std::vector<std::string> words;
  if (argv)
    for (const Json& arg : *argv)
      if (arg.is_string()) words.push_back(arg.get<std::string>());
  return shell_command(words);
}

std::string program_of(const Json& meta) {
  const Json* argv = argv_of(meta);
  if (!argv || argv->empty() || !(*argv)[0].is_string()) return "";
  return (*argv)[0].get<std::string>();
}

}  // namespace

namespace detail {

NvbenchImport::NvbenchImport(std::string origin)
    : origin_(std::move(origin)), sample_folder_(nvbench_sample_folder(origin_)) {}

void NvbenchImport::read_devices(const Json& devices) {
  for (const Json& d : devices) {
    Device device = read_device(d, origin_);
    devices_[device.id] = device.fingerprint;
  }
}

void NvbenchImport::note_devices_used(const Json& bench) {
  if (!bench.is_object() || !bench.contains("states") || !bench["states"].is_array()) return;
  for (const Json& state : bench["states"])
    if (state.is_object() && state.contains("device"))
      used_ids_.insert(static_cast<int>(nvbench_whole(state, "device", kMaxInt, origin_ + ": a state")));
}

void NvbenchImport::start(const Json& meta) {
  std::vector<Device> used;
  for (int id : used_ids_) {
    const auto it = devices_.find(id);
    if (it == devices_.end())
      throw InputError(origin_ + ": a state ran on device " + std::to_string(id) + ", which 'devices' does not describe");
    used.push_back(Device{id, it->second});
  }
  if (used.empty()) throw InputError(origin_ + ": NVBench JSON with no benchmark states (nothing was measured)");
  one_device_ = used.size() == 1;
  results_.fingerprint = machine_fingerprint(used);
  results_.source.command = command_of(meta);
  // The program that ran (meta.argv[0]), not the file.
  results_.suite = imported_suite_name(program_of(meta), origin_);
}

void NvbenchImport::add(const Json& bench, std::size_t index) {
  const std::string at = origin_ + ": benchmarks[" + std::to_string(index) + "]";
  if (!bench.is_object() || !bench.contains("name") || !bench["name"].is_string())
    throw InputError(at + " has no \"name\"");
  const std::string bench_name = bench["name"].get<std::string>();
  if (!bench.contains("states") || !bench["states"].is_array()) return;  // no states: nothing measured
  const Json& states = bench["states"];
  for (std::size_t i = 0; i < states.size(); ++i) {
    const std::string where_index = at + ".states[" + std::to_string(i) + "]";
    if (!states[i].is_object()) throw InputError(where_index + " is not a JSON object");
    const std::string label = state_label(state_name(states[i], where_index), one_device_);
    const std::string name = label.empty() ? bench_name : bench_name + "/" + label;
    if (auto problem = benchmark_name_problem(name))
      throw InputError(where_index + " has an unusable name " + quote_text(name) + ": " + *problem);
    const std::string where = origin_ + ": state " + quote_text(name);
    if (!seen_.insert(name).second) throw InputError(where + " appears more than once");
    results_.benchmarks.push_back(read_state(states[i], name, sample_folder_, where));
  }
}

}  // namespace detail

namespace {

Results import_document(const Json& doc, const std::string& origin) {
  if (!doc["devices"].is_array()) throw InputError(origin + ": 'devices' is not an array");
  if (!doc["benchmarks"].is_array()) throw InputError(origin + ": 'benchmarks' is not an array");
  detail::NvbenchImport import(origin);
  import.read_devices(doc["devices"]);
  for (const Json& bench : doc["benchmarks"]) import.note_devices_used(bench);
  import.start(doc.contains("meta") ? doc["meta"] : Json());
  for (std::size_t i = 0; i < doc["benchmarks"].size(); ++i) import.add(doc["benchmarks"][i], i);
  return import.finish();
}

}  // namespace

bool is_nvbench_json(const Json& doc) {
  return doc.is_object() && doc.contains("devices") && doc.contains("benchmarks") && !doc.contains("schema") &&
         !doc.contains("context");
}

Results import_nvbench(const Json& doc, const std::string& origin) {
  try {
    return import_document(doc, origin);
  } catch (const Json::exception& e) {  // a field of the wrong JSON type
    throw InputError(origin + ": not valid NVBench JSON: " + e.what());
  }
}

}  // namespace perfgate
