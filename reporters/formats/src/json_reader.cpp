#include "json_reader.hpp"
#include "perfgate/platform/descriptor_write.hpp"

#include "perfgate/formats/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <limits>

#include <cmath>
#include <string_view>

#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/json_unique_keys.hpp"

namespace perfgate::detail {

InputFile::InputFile(const std::filesystem::path& file) {
  const std::string name = file.string();
  // Non-blocking, so that opening a FIFO does not wait for a writer; the
  // type is then checked on the descriptor itself.
  fd_ = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd_ < 0) {
    if (errno == ENOENT) throw InputError(name + ": no such file");
    throw InputError(name + ": cannot open: " + std::strerror(errno));
  }
  struct stat info {};
  if (::fstat(fd_, &info) != 0) fail(name + ": cannot read: " + std::strerror(errno));
  if (S_ISDIR(info.st_mode)) fail(name + ": is a folder, not a file");
  if (!S_ISREG(info.st_mode)) fail(name + ": is not a regular file (a FIFO, socket or device); inputs must be files");
  size_ = static_cast<std::uint64_t>(info.st_size);
  if (size_ > kMaxInputBytes)
    fail(name + ": is " + std::to_string(size_) + " bytes; inputs of at most " + std::to_string(kMaxInputBytes) +
         " bytes (1 GiB) are read");
}

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

void InputFile::fail(const std::string& problem) {
  ::close(fd_);
  fd_ = -1;
  throw InputError(problem);
}

std::string read_input_file(const std::filesystem::path& file) {
  const InputFile input(file);
  return read_rest(input.fd(), file.string());
}

void write_all(int fd, const char* data, std::size_t size, const std::string& name) {
  if (const int error = write_fully(fd, {data, size}))
    throw InputError(name + ": cannot copy it to a temporary file: " + std::strerror(error));
}

namespace {

// nlohmann's message without its "[json.exception.parse_error.101] " tag.
std::string parse_problem(const Json::parse_error& e, const std::string& text) {
  std::string message = e.what();
  if (auto tag_end = message.find("] "); message.rfind("[json.exception", 0) == 0 && tag_end != std::string::npos)
    message = message.substr(tag_end + 2);
  // Python's json module writes NaN and Infinity, which JSON does not allow;
  // say so rather than leave the reader to decode "invalid literal".
  const std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
  for (std::string_view word : {"NaN", "Infinity", "-Infinity"}) {
    for (std::size_t start = at >= 9 ? at - 9 : 0; start <= at && start < text.size(); ++start)
      if (std::string_view(text).substr(start, word.size()) == word)
        return message.substr(0, message.find(':')) + ": " + std::string(word) +
               " is not a JSON number (samples and counters must be finite)";
  }
  return "malformed JSON: " + message;
}

}  // namespace

Json parse_json(const std::string& text, const std::string& origin) {
  try {
    return parse_json_with_unique_keys(text, origin);
  } catch (const Json::parse_error& e) {
    throw InputError(origin + ": " + parse_problem(e, text));
  } catch (const Json::exception& e) {
    // A number beyond double's range (1e400) is out_of_range.406, found by
    // fuzzing: a bad file, not an internal error.
    std::string message = e.what();
    if (auto tag_end = message.find("] "); message.rfind("[json.exception", 0) == 0 && tag_end != std::string::npos)
      message = message.substr(tag_end + 2);
    throw InputError(origin + ": " + message);
  }
}

namespace {

// More GPUs than any one machine holds: a file claiming them is damaged
// (and each would cost memory when its slug is checked).
constexpr int kMaxGpus = 1024;

std::vector<GpuModel> read_gpu_models(const ObjectReader& r, int count) {
  const Json* gpus = r.find("gpus");
  if (!gpus) return {};
  if (!gpus->is_array()) r.fail("'gpus' is not an array");
  if (gpus->size() != static_cast<std::size_t>(count))
    r.fail("lists " + std::to_string(gpus->size()) + " GPUs in 'gpus' but 'gpu_count' is " + std::to_string(count));
  std::vector<GpuModel> models;
  for (std::size_t i = 0; i < gpus->size(); ++i) {
    const ObjectReader gpu((*gpus)[i], r.origin(), "fingerprint gpu " + std::to_string(i));
    models.push_back({gpu.string("name", true), gpu.string("pci_bus_id")});
  }
  return models;
}

std::vector<PeerLink> read_peer_links(const ObjectReader& r, int count) {
  const Json* peers = r.find("peers");
  if (!peers) return {};
  if (!peers->is_array()) r.fail("'peers' is not an array");
  const std::size_t pairs = static_cast<std::size_t>(count) * static_cast<std::size_t>(count - 1);
  if (peers->size() > pairs)
    r.fail("lists " + std::to_string(peers->size()) + " peer links; " + std::to_string(count) + " GPUs have " +
           std::to_string(pairs) + " ordered pairs");
  std::vector<PeerLink> links;
  for (std::size_t i = 0; i < peers->size(); ++i) {
    const ObjectReader peer((*peers)[i], r.origin(), "fingerprint peer link " + std::to_string(i));
    PeerLink link;
    link.from = peer.small_integer("from");
    link.to = peer.small_integer("to");
    if (link.from >= count || link.to >= count || link.from == link.to)
      peer.fail("joins GPU " + std::to_string(link.from) + " to GPU " + std::to_string(link.to) +
                ", not two of the " + std::to_string(count) + " GPUs");
    link.access = peer.boolean("access");
    link.performance_rank = peer.small_integer("performance_rank");
    link.native_atomics = peer.boolean("native_atomics");
    links.push_back(link);
  }
  return links;
}

// gpu_count, gpus and peers: written for a run on several GPUs only.
void read_gpu_count(const ObjectReader& r, Fingerprint& f) {
  if (!r.find("gpu_count")) {
    if (r.find("gpus") || r.find("peers")) r.fail("has 'gpus' or 'peers' without 'gpu_count'");
    return;  // one GPU (every file before multi-GPU suites)
  }
  if (f.kind != DeviceKind::gpu) r.fail("has 'gpu_count' but its kind is " + std::string(to_string(f.kind)));
  f.gpu_count = r.small_integer("gpu_count", 1);
  if (f.gpu_count > kMaxGpus) r.fail("'gpu_count' is above " + std::to_string(kMaxGpus));
  f.gpus = read_gpu_models(r, f.gpu_count);
  f.peers = read_peer_links(r, f.gpu_count);
}

// The CPU's identity, when the file has it (a partial identity otherwise).
CpuIdentity read_cpu_identity(const ObjectReader& r, const Fingerprint& f) {
  const Json* cpu = r.find("cpu");
  if (!cpu) return {};
  if (f.kind != DeviceKind::cpu) r.fail("has 'cpu' but its kind is " + std::string(to_string(f.kind)));
  const ObjectReader c(*cpu, r.origin(), "fingerprint cpu");
  CpuIdentity identity;
  identity.vendor = c.string("vendor", true);
  identity.family = c.small_integer("family");
  identity.model = c.small_integer("model");
  identity.stepping = c.small_integer("stepping");
  identity.l3_bytes = static_cast<std::uint64_t>(c.integer("l3_bytes"));
  identity.hypervisor = c.string("hypervisor", true);
  if (identity.vendor.empty() || identity.hypervisor.empty()) c.fail("'vendor' and 'hypervisor' may not be empty");
  return identity;
}

}  // namespace

Fingerprint read_fingerprint(const Json& j, const std::string& origin) {
  const ObjectReader r(j, origin, "fingerprint");
  Fingerprint f;
  try {
    f.kind = device_kind_from_string(r.string("kind", true));
  } catch (const std::invalid_argument& e) {
    r.fail(e.what());
  }
  f.slug = r.string("slug", true);
  if (f.slug.empty() || f.slug.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos)
    r.fail("slug " + quote_text(f.slug) + " is not made of [a-z0-9-]");
  f.name = r.string("name", true);
  f.compute_capability = r.string("compute_capability");
  f.sm_count = r.small_integer("sm_count");
  f.memory_bytes = static_cast<std::uint64_t>(r.integer("memory_bytes"));
  f.l2_bytes = static_cast<std::uint64_t>(r.integer("l2_bytes"));
  f.max_sm_clock_mhz = r.small_integer("max_sm_clock_mhz");
  f.max_memory_clock_mhz = r.small_integer("max_memory_clock_mhz");
  f.memory_bus_bits = r.small_integer("memory_bus_bits");
  f.ecc = r.boolean("ecc");
  f.driver = r.string("driver");
  f.cuda_runtime = r.string("cuda_runtime");
  read_gpu_count(r, f);
  f.host_cpu = r.string("host_cpu");
  f.logical_cpus = r.small_integer("logical_cpus");
  f.cpu = read_cpu_identity(r, f);
  return f;
}

std::vector<double> read_samples(const ObjectReader& r) {
  const Json* samples = r.find("samples");
  if (!samples) return {};
  if (!samples->is_array()) r.fail("'samples' is not an array");
  if (samples->size() > kMaxSamplesPerBenchmark)
    r.fail("has " + std::to_string(samples->size()) + " samples; at most " + std::to_string(kMaxSamplesPerBenchmark) +
           " per benchmark are read");
  std::vector<double> values;
  values.reserve(samples->size());
  for (std::size_t i = 0; i < samples->size(); ++i) {
    const Json& s = (*samples)[i];
    const std::string which = "sample " + std::to_string(i);
    if (!s.is_number()) r.fail(which + " is not a number (NaN and Infinity are written as null)");
    const double v = s.get<double>();
    if (!std::isfinite(v)) r.fail(which + " is not finite");
    if (v < 0) r.fail(which + " is negative (" + s.dump() + ")");
    values.push_back(v);
  }
  return values;
}

}  // namespace perfgate::detail
