#include "runtime/host_fingerprint.hpp"

#include "runtime/cpu_identity.hpp"

#include <sys/utsname.h>

#include <fstream>
#include <string>
#include <thread>

namespace perfgate {
namespace {

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  const auto last = text.find_last_not_of(" \t\r\n");
  return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

std::string cpuinfo_field(const std::string& key) {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    const auto colon = line.find(':');
    if (colon != std::string::npos && trim(line.substr(0, colon)) == key) return trim(line.substr(colon + 1));
  }
  return {};
}

}  // namespace

std::string host_cpu_name() {
  for (const char* key : {"model name", "Hardware", "cpu model"}) {
    std::string name = cpuinfo_field(key);
    if (!name.empty()) return name;
  }
  utsname system{};
  if (::uname(&system) == 0) return std::string("unknown ") + system.machine + " cpu";
  return "unknown cpu";
}

Fingerprint host_fingerprint() {
  Fingerprint f;
  f.kind = DeviceKind::cpu;
  f.name = host_cpu_name();
  f.host_cpu = f.name;
  f.logical_cpus = static_cast<int>(std::thread::hardware_concurrency());
  f.cpu = this_cpu_identity();
  f.slug = cpu_slug(f);
  return f;
}

}  // namespace perfgate
