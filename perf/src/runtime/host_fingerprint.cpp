#include "runtime/host_fingerprint.hpp"

#include "runtime/cpu_identity.hpp"

#include <sys/utsname.h>

#include <string>
#include <thread>

namespace perfgate {

std::string host_cpu_name() {
  const std::string cpuinfo = this_cpuinfo();
  for (const char* key : {"model name", "Hardware", "cpu model"}) {
    std::string name = cpuinfo_field(cpuinfo, key);
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
