// perfgate-device-cuda: what `perfgate device` needs CUDA for, in a program
// of its own so that `perfgate` itself links no CUDA library and starts on
// machines that have none.  perfgate runs it from its own folder
// (device_cuda_helper.hpp); it is not a command for users.
//
//   perfgate-device-cuda gpus --baseline-dir DIR [--json]
//   perfgate-device-cuda slug [--gpus N]
//   perfgate-device-cuda calibrate --baseline-dir DIR [--gemm-size N] [--samples N] [--dry-run]
//
// Exit codes as perfgate's: 0, and 2 with "perfgate: error: ..." on stderr.

#include <CLI/CLI.hpp>

#include "gpu_report.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/platform/errors.hpp"

int main(int argc, char** argv) {
  namespace dc = perfgate::device_cuda;
  CLI::App app{"perfgate-device-cuda: the CUDA part of `perfgate device` (run by perfgate)"};
  app.require_subcommand(1);
  std::filesystem::path baseline_dir = "baselines";
  bool json = false;
  bool dry_run = false;
  perfgate::CalibrationSettings settings;

  auto* gpus = app.add_subcommand("gpus", "each GPU's fingerprint and ceilings");
  gpus->add_option("--baseline-dir", baseline_dir, "where device.json files live");
  gpus->add_flag("--json", json, "print JSON");
  auto* slug = app.add_subcommand("slug", "the slug GPU cases run under (nothing without a GPU)");
  int slug_gpus = 1;
  slug->add_option("--gpus", slug_gpus, "GPUs the suite may use (its GPUS n)")->check(CLI::Range(1, 1024));
  auto* calibrate = app.add_subcommand("calibrate", "measure the GPU's ceilings into device.json");
  calibrate->add_option("--baseline-dir", baseline_dir, "where device.json is written");
  calibrate->add_option("--gemm-size", settings.gemm_size, "n of the n x n x n GEMMs")->check(CLI::Range(256, 32768));
  calibrate->add_option("--samples", settings.samples, "timed calls per ceiling")->check(CLI::Range(3, 10000));
  calibrate->add_flag("--dry-run", dry_run, "measure and print, write nothing");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return perfgate::kExitError;
  }
  return perfgate::run_reporting_errors([&] {
    if (slug->parsed()) return dc::print_gpu_slug(slug_gpus);
    if (calibrate->parsed()) return dc::calibrate(baseline_dir, settings, dry_run);
    return dc::print_gpus(baseline_dir, json);
  });
}
