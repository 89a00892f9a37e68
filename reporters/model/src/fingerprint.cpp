#include "perfgate/model/fingerprint.hpp"

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
  return !differs("SM count", std::to_string(a.sm_count), std::to_string(b.sm_count), why);
}

}  // namespace perfgate
