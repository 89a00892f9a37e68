#include "perfgate/history/testbed.hpp"

#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/fingerprint_json.hpp"
#include "perfgate/model/suite_name.hpp"

namespace perfgate::history {
namespace {

std::string derived_name(const Testbed& t, const Fingerprint& f) {
  if (f.kind == DeviceKind::gpu) {
    // The slug of a run on several GPUs already ends in "-x<N>"
    // (gpus_slug); a file whose slug lacks it gets it here.
    const std::string count = "-x" + std::to_string(t.gpu_count);
    const bool counted = t.gpu_count <= 1 || t.device_slug.ends_with(count);
    return t.device_slug + (counted ? "" : count) + "-driver-" + slugify(t.driver) + "-cuda-" + slugify(t.cuda_runtime);
  }
  // A CPU slug with its identity already counts the CPUs (cpu_slug).
  if (f.cpu.known() && t.device_slug == cpu_slug(f)) return t.device_slug;
  return t.device_slug + "-" + std::to_string(f.logical_cpus) + "cpu";
}

}  // namespace

Testbed testbed_of(const Fingerprint& fingerprint, const std::string& override_name, const std::string& origin) {
  Testbed t;
  t.device_slug = fingerprint.slug;
  t.device_kind = to_string(fingerprint.kind);
  t.device_name = fingerprint.name;
  t.driver = fingerprint.driver;
  t.cuda_runtime = fingerprint.cuda_runtime;
  t.host_cpu = fingerprint.host_cpu;
  t.gpu_count = fingerprint.kind == DeviceKind::gpu ? fingerprint.gpu_count : 1;
  t.topology = peer_summary(fingerprint);
  t.fingerprint_json = fingerprint_to_json(fingerprint).dump();
  if (!override_name.empty()) {
    require_suite_name(override_name, "--testbed", "testbed");  // the same safe alphabet as suite names
    t.name = override_name;
    if (t.device_slug.empty()) t.device_slug = override_name;
    return t;
  }
  if (fingerprint.kind == DeviceKind::unknown || fingerprint.slug.empty())
    throw InputError(origin + ": the file names no device (Google Benchmark or NVBench JSON): give --testbed NAME");
  t.name = derived_name(t, fingerprint);
  return t;
}

}  // namespace perfgate::history
