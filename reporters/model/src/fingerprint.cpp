#include "perfgate/model/fingerprint.hpp"

#include <algorithm>
#include <stdexcept>

#include "perfgate/model/errors.hpp"

namespace perfgate {

const char* to_string(DeviceKind kind) {
  switch (kind) {
    case DeviceKind::gpu: return "gpu";
    case DeviceKind::cpu: return "cpu";
    case DeviceKind::unknown: return "unknown";
  }
  return "unknown";
}

DeviceKind device_kind_from_string(const std::string& text) {
  if (text == "gpu") return DeviceKind::gpu;
  if (text == "cpu") return DeviceKind::cpu;
  if (text == "unknown") return DeviceKind::unknown;
  throw std::invalid_argument("unknown device kind '" + text + "' (expected gpu, cpu or unknown)");
}

std::string slugify(const std::string& text) {
  std::string slug;
  bool pending_dash = false;
  for (unsigned char c : text) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z');
    if (!keep) {
      pending_dash = !slug.empty();
      continue;
    }
    if (pending_dash) slug += '-';
    pending_dash = false;
    slug += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return slug;
}

std::string make_slug(DeviceKind kind, const std::string& name) {
  std::string base = slugify(name);
  if (base.empty()) base = "unnamed";
  switch (kind) {
    case DeviceKind::gpu: return base;
    case DeviceKind::cpu: return "cpu-" + base;
    case DeviceKind::unknown: return "unknown";
  }
  return base;
}

std::string gpus_slug(const std::vector<std::string>& models) {
  const std::string first = make_slug(DeviceKind::gpu, models.empty() ? std::string() : models.front());
  if (models.size() <= 1) return first;
  bool mixed = false;
  for (const std::string& model : models) mixed = mixed || model != models.front();
  return first + (mixed ? "-mixed" : "") + "-x" + std::to_string(models.size());
}

std::string expected_slug(const Fingerprint& f) {
  if (f.kind != DeviceKind::gpu || f.gpu_count <= 1) return make_slug(f.kind, f.name);
  std::vector<std::string> models;
  for (const GpuModel& gpu : f.gpus) models.push_back(gpu.name);
  // A file that gives the count without the models: all of the first's.
  if (models.size() != static_cast<std::size_t>(f.gpu_count)) models.assign(f.gpu_count, f.name);
  return gpus_slug(models);
}

std::string model_slug(const Fingerprint& f) { return make_slug(f.kind, f.name); }

std::string peer_summary(const Fingerprint& f) {
  if (f.gpu_count <= 1) return "";
  std::size_t access = 0, atomics = 0;
  int best = 0, worst = 0;
  for (const PeerLink& link : f.peers) {
    access += link.access ? 1 : 0;
    atomics += link.native_atomics ? 1 : 0;
    if (!link.access) continue;
    best = access == 1 ? link.performance_rank : std::min(best, link.performance_rank);
    worst = access == 1 ? link.performance_rank : std::max(worst, link.performance_rank);
  }
  const std::string pairs = std::to_string(f.peers.size());
  std::string text = "peer access " + std::to_string(access) + " of " + pairs + " pairs, native atomics " +
                     std::to_string(atomics) + " of " + pairs;
  if (access > 0)
    text += ", performance rank " + (best == worst ? std::to_string(best) : std::to_string(best) + ".." + std::to_string(worst));
  return text;
}

namespace {
bool differs(const std::string& what, const std::string& a, const std::string& b, std::string* why) {
  if (a == b) return false;
  if (why) *why = what + " differs (" + quote_text(a) + " vs " + quote_text(b) + ")";  // names from files: escaped
  return true;
}
}  // namespace

bool comparable(const Fingerprint& a, const Fingerprint& b, std::string* why) {
  if (a.kind == DeviceKind::unknown || b.kind == DeviceKind::unknown) return true;
  if (differs("device kind", to_string(a.kind), to_string(b.kind), why)) return false;
  if (differs("device name", a.name, b.name, why)) return false;
  if (a.kind != DeviceKind::gpu) return true;
  if (differs("compute capability", a.compute_capability, b.compute_capability, why)) return false;
  if (differs("SM count", std::to_string(a.sm_count), std::to_string(b.sm_count), why)) return false;
  return !differs("GPU count", std::to_string(a.gpu_count), std::to_string(b.gpu_count), why);
}

}  // namespace perfgate
