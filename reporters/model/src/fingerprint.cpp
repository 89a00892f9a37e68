#include "perfgate/model/fingerprint.hpp"

#include <algorithm>
#include <stdexcept>

#include "perfgate/platform/errors.hpp"

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

std::string cpu_slug(const Fingerprint& f) {
  std::string slug = make_slug(DeviceKind::cpu, f.name);
  if (!f.cpu.known()) return slug;
  slug += "-fam" + std::to_string(f.cpu.family) + "-mod" + std::to_string(f.cpu.model) + "-" +
          std::to_string(f.logical_cpus) + "cpu";
  if (f.cpu.virtual_machine()) slug += "-" + slugify(f.cpu.hypervisor.empty() ? "vm" : f.cpu.hypervisor);
  return slug;
}

std::string expected_slug(const Fingerprint& f) {
  if (f.kind == DeviceKind::cpu) return cpu_slug(f);
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

// Two CPUs of one name may still be two machines: another generation under
// a generic name ("AMD EPYC"), another size of VM, a VM against bare metal.
bool comparable_cpus(const Fingerprint& a, const Fingerprint& b, std::string* why) {
  if (a.logical_cpus > 0 && b.logical_cpus > 0 &&
      differs("logical CPU count", std::to_string(a.logical_cpus), std::to_string(b.logical_cpus), why))
    return false;
  if (!a.cpu.known() || !b.cpu.known()) return true;  // partial_identity_note() says so
  const CpuIdentity &x = a.cpu, &y = b.cpu;
  return !(differs("CPU vendor", x.vendor, y.vendor, why) ||
           differs("CPU family", std::to_string(x.family), std::to_string(y.family), why) ||
           differs("CPU model", std::to_string(x.model), std::to_string(y.model), why) ||
           differs("CPU stepping", std::to_string(x.stepping), std::to_string(y.stepping), why) ||
           differs("L3 size", std::to_string(x.l3_bytes), std::to_string(y.l3_bytes), why) ||
           differs("hypervisor", x.hypervisor, y.hypervisor, why));
}

}  // namespace

bool comparable(const Fingerprint& a, const Fingerprint& b, std::string* why) {
  if (a.kind == DeviceKind::unknown || b.kind == DeviceKind::unknown) return true;
  if (differs("device kind", to_string(a.kind), to_string(b.kind), why)) return false;
  if (differs("device name", a.name, b.name, why)) return false;
  if (a.kind == DeviceKind::cpu) return comparable_cpus(a, b, why);
  if (a.kind != DeviceKind::gpu) return true;
  if (differs("compute capability", a.compute_capability, b.compute_capability, why)) return false;
  if (differs("SM count", std::to_string(a.sm_count), std::to_string(b.sm_count), why)) return false;
  return !differs("GPU count", std::to_string(a.gpu_count), std::to_string(b.gpu_count), why);
}

std::string partial_identity_note(const Fingerprint& baseline, const Fingerprint& current) {
  if (baseline.kind != DeviceKind::cpu || current.kind != DeviceKind::cpu) return "";
  // Two files of before (an old pair compared offline) know no more than
  // they did: nothing new to say.  One side with its identity and one
  // without is where another generation could pass for this one.
  if (baseline.cpu.known() == current.cpu.known()) return "";
  const char* side = baseline.cpu.known() ? "the current run's" : "the baseline's";
  return std::string(side) + " CPU identity is partial (recorded before perfgate kept CPU vendor, family, model, "
         "stepping, L3 size and hypervisor): only the CPU's name and count were compared, so another generation "
         "of the same name would pass for this one; record the baseline again to keep its full identity";
}

std::string cpu_count_note(const Fingerprint& baseline, const Fingerprint& current) {
  const int a = baseline.logical_cpus, b = current.logical_cpus;
  if (baseline.kind == DeviceKind::cpu && current.kind == DeviceKind::cpu) {
    if ((a > 0) == (b > 0)) return "";  // both known: comparable() compared them
    const char* side = a > 0 ? "the current run" : "the baseline";
    return std::string(side) + " records no logical CPU count, so the count was not compared (" +
           std::to_string(std::max(a, b)) + " on the other side): another size of machine of this CPU name would "
           "pass for this one";
  }
  if (a <= 0 || b <= 0 || a == b) return "";
  if (baseline.kind == DeviceKind::gpu && current.kind == DeviceKind::gpu)
    return "the GPU runs' hosts have different logical CPU counts (" + std::to_string(a) + " baseline, " +
           std::to_string(b) + " current): the GPUs were compared, the hosts were not, so host-side time "
           "(launches, staging copies) may differ";
  return "the two runs report different logical CPU counts (" + std::to_string(a) + " baseline, " + std::to_string(b) +
         " current): they may come from two machines, which was not checked";
}

}  // namespace perfgate
