// perfgate device: this machine's hardware, slugs and roofline ceilings;
// with --calibrate, measures the GPU's ceilings into device.json.  The GPU
// parts run in perfgate-device-cuda (device_cuda_helper.hpp), so that this
// program links no CUDA library.

#include <cstdio>
#include <iostream>
#include <optional>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "device_cuda_helper.hpp"
#include "subprocess.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/fingerprint_json.hpp"
#include "runtime/host_fingerprint.hpp"
#include "suite_manifest.hpp"

namespace perfgate::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kBuiltWithoutCuda = "no CUDA device: perfgate was built without CUDA";

// The suites' baseline folder from the build's manifest, else ./baselines.
fs::path baseline_dir(const DeviceOptions& options) {
  if (!options.baseline_dir.empty()) return options.baseline_dir;
  try {
    const SuiteManifest manifest = find_suite_manifest(options.build_dir, options.program);
    if (!manifest.suites.empty()) return manifest.suites.front().baseline_dir;
  } catch (const InputError&) {
    // no build to ask: the conventional place
  }
  return "baselines";
}

nlohmann::ordered_json parse_helper_json(const fs::path& helper, const std::string& text) {
  try {
    return nlohmann::ordered_json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw DeviceError(helper.string() + ": not JSON (" + e.what() + ")");
  }
}

// The GPUs' part of the report: the helper's answer, or why there is none.
struct GpuPart {
  std::string text;                    // the helper's report (text mode)
  nlohmann::ordered_json json;         // {"gpus": [...], "gpu_unavailable": ...} (JSON mode)
  std::optional<int> error_exit;       // the helper's own error (exit 2, its message on stderr)
};

GpuPart gpu_part(const fs::path& dir, bool json) {
  const auto unavailable = [json](const std::string& why) {
    GpuPart part;
    if (json)
      part.json = {{"gpus", nlohmann::ordered_json::array()}, {"gpu_unavailable", why}};
    else
      part.text = why + "\n";
    return part;
  };
  const auto helper = device_cuda_helper();
  if (!helper) return unavailable(kBuiltWithoutCuda);
  std::vector<std::string> args = {"gpus", "--baseline-dir", dir.string()};
  if (json) args.push_back("--json");
  const HelperRun run = run_helper(*helper, args);
  if (run.exit_code != 0 && run.exit_code != kExitError) return unavailable(no_gpu_reason(run));
  std::cerr << run.error;  // its warnings, or its error (an invalid device.json)
  GpuPart part;
  if (run.exit_code == kExitError)
    part.error_exit = run.exit_code;
  else if (!json)
    part.text = run.out;
  else
    part.json = parse_helper_json(*helper, run.out);
  return part;
}

int print_report(const DeviceOptions& options) {
  const Fingerprint host = host_fingerprint();
  const GpuPart gpus = gpu_part(baseline_dir(options), options.json);
  if (gpus.error_exit) return *gpus.error_exit;
  if (options.json) {
    nlohmann::ordered_json j = {{"host", fingerprint_to_json(host)}};
    for (const auto& [key, value] : gpus.json.items()) j[key] = value;
    std::cout << j.dump(2) << '\n';
    return kExitOk;
  }
  std::printf("Host CPU: %s\n  slug                %s\n  logical CPUs        %d\n", host.name.c_str(), host.slug.c_str(),
              host.logical_cpus);
  if (host.cpu.known())  // what tells two CPUs of one name apart (issue 40)
    std::printf("  vendor              %s\n  family/model/step   %d / %d / %d\n  L3                  %s\n"
                "  hypervisor          %s\n",
                host.cpu.vendor.c_str(), host.cpu.family, host.cpu.model, host.cpu.stepping,
                host.cpu.l3_bytes ? (std::to_string(host.cpu.l3_bytes >> 20) + " MiB").c_str() : "none reported",
                host.cpu.virtual_machine() ? (host.cpu.hypervisor + " (a virtual machine)").c_str() : "none (bare metal)");
  std::fputs(gpus.text.c_str(), stdout);
  return kExitOk;
}

int calibrate(const DeviceOptions& options) {
  const auto helper = device_cuda_helper();
  if (!helper) throw DeviceError(std::string(kBuiltWithoutCuda) + " (perfgate device --calibrate needs one)");
  // Asked first, so that a helper that cannot start reads as no GPU.
  const HelperRun probe = run_helper(*helper, {"slug"});
  if (probe.exit_code != 0 && probe.exit_code != kExitError)
    throw DeviceError(no_gpu_reason(probe) + " (perfgate device --calibrate needs one)");
  std::vector<std::string> args = {"calibrate", "--baseline-dir", baseline_dir(options).string(),
                                   "--gemm-size", std::to_string(options.gemm_size),
                                   "--samples", std::to_string(options.samples)};
  if (options.dry_run) args.push_back("--dry-run");
  std::fflush(stdout);
  return run_program(*helper, args);  // its progress as it comes
}

}  // namespace

int run_device(const DeviceOptions& options) { return options.calibrate ? calibrate(options) : print_report(options); }

}  // namespace perfgate::cli
