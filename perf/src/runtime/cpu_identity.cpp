#include "runtime/cpu_identity.hpp"

#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace perfgate {
namespace {

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  const auto last = text.find_last_not_of(" \t\r\n");
  return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

// The fields of the first processor's block ("key : value" lines up to the
// first blank line after a field).
std::map<std::string, std::string> first_processor(const std::string& cpuinfo) {
  std::map<std::string, std::string> fields;
  std::istringstream lines(cpuinfo);
  for (std::string line; std::getline(lines, line);) {
    if (trim(line).empty()) {
      if (!fields.empty()) break;
      continue;
    }
    const auto colon = line.find(':');
    if (colon != std::string::npos) fields.emplace(trim(line.substr(0, colon)), trim(line.substr(colon + 1)));
  }
  return fields;
}

// A decimal or 0x-prefixed number; 0 when the field is absent or not one.
int number(const std::map<std::string, std::string>& fields, const std::string& key) {
  const auto it = fields.find(key);
  if (it == fields.end()) return 0;
  try {
    return static_cast<int>(std::stol(it->second, nullptr, 0));
  } catch (const std::exception&) {
    return 0;
  }
}

bool has_flag(const std::string& flags, const std::string& flag) {
  std::istringstream words(flags);
  for (std::string word; words >> word;)
    if (word == flag) return true;
  return false;
}

std::string read_first_line(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return trim(line);
}

// "8M", "32768K", "1024" (bytes) as sysfs writes cache sizes.
std::uint64_t cache_size_bytes(const std::string& text) {
  try {
    std::size_t used = 0;
    const std::uint64_t value = std::stoull(text, &used);
    const char unit = used < text.size() ? text[used] : ' ';
    return unit == 'K' ? value << 10 : unit == 'M' ? value << 20 : unit == 'G' ? value << 30 : value;
  } catch (const std::exception&) {
    return 0;
  }
}

std::uint64_t l3_bytes() {
#ifdef _SC_LEVEL3_CACHE_SIZE
  if (const long size = ::sysconf(_SC_LEVEL3_CACHE_SIZE); size > 0) return static_cast<std::uint64_t>(size);
#endif
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/sys/devices/system/cpu/cpu0/cache", error))
    if (read_first_line(entry.path() / "level") == "3") return cache_size_bytes(read_first_line(entry.path() / "size"));
  return 0;
}

// CPUID leaf 0x40000000's 12-character signature, when the CPU says a
// hypervisor runs it; empty otherwise.
std::string cpuid_hypervisor_signature() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 31))) return "";
  __cpuid(0x40000000, eax, ebx, ecx, edx);
  char text[13] = {};
  std::memcpy(text, &ebx, 4);
  std::memcpy(text + 4, &ecx, 4);
  std::memcpy(text + 8, &edx, 4);
  return text;
#else
  return "";
#endif
}

// Without CPUID (ARM): Xen says so in sysfs; else the firmware's vendor
// names the virtual machine's maker (a bare-metal cloud instance names its
// product "*.metal").
std::string hypervisor_without_cpuid() {
  if (const std::string xen = read_first_line("/sys/hypervisor/type"); !xen.empty()) return slugify(xen);
  const std::string vendor = read_first_line("/sys/class/dmi/id/sys_vendor");
  const std::string product = read_first_line("/sys/class/dmi/id/product_name");
  if (product.ends_with(".metal")) return "none";
  static const std::map<std::string, std::string> vm_vendors = {
      {"QEMU", "qemu"}, {"Amazon EC2", "nitro"}, {"Google", "kvm"}, {"Microsoft Corporation", "hyper-v"},
      {"VMware, Inc.", "vmware"}, {"innotek GmbH", "virtualbox"}, {"Alibaba Cloud", "kvm"}, {"Red Hat", "kvm"}};
  const auto it = vm_vendors.find(vendor);
  return it == vm_vendors.end() ? "none" : it->second;
}

}  // namespace

CpuIdentity cpu_identity_from_cpuinfo(const std::string& cpuinfo) {
  const auto fields = first_processor(cpuinfo);
  CpuIdentity identity;
  if (const auto vendor = fields.find("vendor_id"); vendor != fields.end() && !vendor->second.empty()) {
    identity.vendor = vendor->second;
    identity.family = number(fields, "cpu family");
    identity.model = number(fields, "model");
    identity.stepping = number(fields, "stepping");
    const auto flags = fields.find("flags");
    identity.hypervisor = flags != fields.end() && has_flag(flags->second, "hypervisor") ? "unknown" : "none";
  } else if (const auto implementer = fields.find("CPU implementer"); implementer != fields.end()) {
    identity.vendor = "arm-implementer-" + implementer->second;
    identity.family = number(fields, "CPU architecture");
    identity.model = number(fields, "CPU part");
    identity.stepping = number(fields, "CPU variant") << 4 | number(fields, "CPU revision");
  }
  return identity;
}

std::string hypervisor_from_signature(const std::string& signature) {
  static const std::map<std::string, std::string> known = {
      {"KVMKVMKVM", "kvm"},       {"Linux KVM Hv", "kvm"},   {"Microsoft Hv", "hyper-v"}, {"VMwareVMware", "vmware"},
      {"XenVMMXenVMM", "xen"},    {"TCGTCGTCGTCG", "qemu"},  {"bhyve bhyve", "bhyve"},   {" lrpepyh  vr", "parallels"},
      {"VBoxVBoxVBox", "virtualbox"}, {"ACRNACRNACRN", "acrn"}, {"QNXQVMBSQG", "qnx"},   {"SRESRESRESRE", "sre"},
      {"EVMMEVMMEVMM", "evmm"},   {"Jailhouse", "jailhouse"}};
  std::string trimmed = signature;
  while (!trimmed.empty() && (trimmed.back() == ' ' || trimmed.back() == '\0')) trimmed.pop_back();
  for (const auto& [text, name] : known)
    if (trimmed == text || signature == text) return name;
  const std::string slug = slugify(trimmed);
  return slug.empty() ? "unknown" : slug;
}

std::string cpuinfo_field(const std::string& cpuinfo, const std::string& key) {
  std::istringstream lines(cpuinfo);
  for (std::string line; std::getline(lines, line);) {
    const auto colon = line.find(':');
    if (colon != std::string::npos && trim(line.substr(0, colon)) == key) return trim(line.substr(colon + 1));
  }
  return {};
}

std::string this_cpuinfo() {
  std::ifstream in("/proc/cpuinfo");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

CpuIdentity this_cpu_identity() {
  CpuIdentity identity = cpu_identity_from_cpuinfo(this_cpuinfo());
  if (!identity.known()) return identity;
  identity.l3_bytes = l3_bytes();
  if (const std::string signature = cpuid_hypervisor_signature(); !signature.empty())
    identity.hypervisor = hypervisor_from_signature(signature);
  else if (identity.hypervisor.empty())  // not x86
    identity.hypervisor = hypervisor_without_cpuid();
  return identity;
}

}  // namespace perfgate
