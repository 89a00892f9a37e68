#include "gpu_report.hpp"

#include <cstdio>
#include <iostream>
#include <optional>

#include <nlohmann/json.hpp>

#include "cuda/device_fingerprint.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/cuda/availability.hpp"
#include "perfgate/baselines/baseline_store.hpp"
#include "perfgate/formats/device_calibration.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/fingerprint_json.hpp"
#include "roofline/theoretical_ceilings.hpp"
#include "cuda/this_device.hpp"

namespace perfgate::device_cuda {
namespace {

namespace fs = std::filesystem;

// An invalid file is an error, as in a suite run.
std::optional<DeviceCalibration> calibration_of(const Fingerprint& gpu, const fs::path& dir) {
  return open_baseline_store(dir)->load_calibration(gpu.slug);
}

std::string number(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string cell(const std::optional<double>& value, double scale, const char* unit) {
  return value ? number(*value * scale, 1) + unit : std::string("-");
}

void print_ceilings(const Fingerprint& f, const std::optional<DeviceCalibration>& calibration) {
  const Ceilings theory = theoretical_ceilings(f);
  const std::optional<Ceilings> measured = calibration ? std::optional(calibration->ceilings()) : std::nullopt;
  const Ceilings& used = measured ? *measured : theory;
  std::printf("  ceilings            %-18s %-18s (runs use: %s)\n", "theoretical", "measured", to_string(used.source));
  std::printf("    %-17s %-18s %-18s\n", "memory", cell(theory.memory(), 1e-9, " GB/s").c_str(),
              cell(measured ? measured->memory() : std::nullopt, 1e-9, " GB/s").c_str());
  for (Precision p : kAllPrecisions) {
    const auto t = theory.flops(p);
    const auto m = measured ? measured->flops(p) : std::nullopt;
    if (!t && !m) continue;
    std::printf("    %-17s %-18s %-18s\n", to_string(p), cell(t, 1e-12, " TFLOP/s").c_str(), cell(m, 1e-12, " TFLOP/s").c_str());
  }
  if (auto bf16 = used.flops(Precision::bf16); bf16 && used.memory())
    std::printf("  ridge point (bf16)  %s FLOP/byte: below it a kernel is memory-bound\n",
                number(*bf16 / *used.memory(), 1).c_str());
  std::printf("  theoretical: SM count x max SM clock x dense FLOP/SM/clock; 2 x memory clock x bus width / 8\n");
}

void print_gpu(const Fingerprint& f, int index, const fs::path& dir) {
  const std::optional<DeviceCalibration> calibration = calibration_of(f, dir);
  std::printf("GPU %d: %s\n", index, f.name.c_str());
  std::printf("  slug                %s\n", f.slug.c_str());
  std::printf("  compute capability  %s\n", f.compute_capability.c_str());
  std::printf("  SMs                 %d, max clock %d MHz\n", f.sm_count, f.max_sm_clock_mhz);
  std::printf("  memory              %s GiB, %d-bit bus, max clock %d MHz, ECC %s\n",
              number(f.memory_bytes / (1024.0 * 1024 * 1024), 1).c_str(), f.memory_bus_bits, f.max_memory_clock_mhz,
              f.ecc ? "on" : "off");
  std::printf("  L2                  %s MiB\n", number(f.l2_bytes / (1024.0 * 1024), 1).c_str());
  std::printf("  driver / runtime    %s / %s\n", f.driver.c_str(), f.cuda_runtime.c_str());
  const std::string file = open_baseline_store(dir)->calibration_location(f.slug);
  if (calibration)
    std::printf("  calibration         %s (measured %s)\n", file.c_str(), calibration->created_utc.c_str());
  else
    std::printf("  calibration         none at %s (perfgate device --calibrate)\n", file.c_str());
  print_ceilings(f, calibration);
}

nlohmann::ordered_json ceilings_json(const Ceilings& c) {
  nlohmann::ordered_json j;
  j["source"] = to_string(c.source);
  if (c.memory()) j["memory_GB/s"] = *c.memory() / 1e9;
  for (Precision p : kAllPrecisions)
    if (auto f = c.flops(p)) j[std::string(to_string(p)) + "_TFLOP/s"] = *f / 1e12;
  return j;
}

std::vector<Fingerprint> usable_gpus() {
  const auto& cuda = cuda::availability();
  std::vector<Fingerprint> gpus;
  if (cuda.usable)
    for (int d = 0; d < cuda.device_count; ++d) gpus.push_back(cuda::device_fingerprint(d));
  return gpus;
}

}  // namespace

int print_gpus(const fs::path& baseline_dir, bool json) {
  const std::vector<Fingerprint> gpus = usable_gpus();
  const std::string unavailable = cuda::availability().usable ? std::string() : cuda::availability().reason;
  if (json) {
    nlohmann::ordered_json j = {{"gpus", nlohmann::ordered_json::array()}};
    for (const auto& g : gpus) {
      nlohmann::ordered_json entry = fingerprint_to_json(g);
      entry["theoretical_ceilings"] = ceilings_json(theoretical_ceilings(g));
      if (auto c = calibration_of(g, baseline_dir)) entry["measured_ceilings"] = ceilings_json(c->ceilings());
      j["gpus"].push_back(entry);
    }
    if (!unavailable.empty()) j["gpu_unavailable"] = unavailable;
    std::cout << j.dump(2) << '\n';
    return kExitOk;
  }
  for (std::size_t i = 0; i < gpus.size(); ++i) print_gpu(gpus[i], static_cast<int>(i), baseline_dir);
  if (!unavailable.empty()) std::printf("%s\n", unavailable.c_str());
  return kExitOk;
}

int print_gpu_slug(int gpus) {
  if (cuda::availability().usable) std::cout << this_device(true, gpus).slug << '\n';  // as the suite's
  return kExitOk;
}

int calibrate(const fs::path& baseline_dir, const CalibrationSettings& settings, bool dry_run) {
  const auto& cuda = cuda::availability();
  if (!cuda.usable) throw DeviceError(cuda.reason + " (perfgate device --calibrate needs one)");
  const DeviceCalibration calibration = calibrate_device(cuda.device, settings, std::cout);
  const std::unique_ptr<BaselineStore> store = open_baseline_store(baseline_dir);
  if (dry_run) {
    std::cout << "perfgate: dry run: " << store->calibration_location(calibration.fingerprint.slug) << " not written\n";
    return kExitOk;
  }
  const std::string file = store->save_calibration(calibration);
  std::cout << "perfgate: wrote " << file << "; suites now place their cases against these measured ceilings\n";
  return kExitOk;
}

}  // namespace perfgate::device_cuda
