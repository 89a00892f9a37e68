#include "main/gate_run.hpp"

#include <csignal>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "main/baseline_advice.hpp"
#include "main/case_runner.hpp"
#include "main/case_worker.hpp"
#include "main/count_pass.hpp"
#include "main/gate_measured_run.hpp"
#include "main/interrupted_run.hpp"
#include "main/listing_request.hpp"
#include "main/main_options.hpp"
#include "main/measure_suite.hpp"
#include "main/measured_exit_code.hpp"
#include "main/output_paths.hpp"
#include "main/reference_for_run.hpp"
#include "main/run_baselines.hpp"
#include "main/run_ceilings.hpp"
#include "main/run_history.hpp"
#include "main/run_naming.hpp"
#include "main/worker_protocol.hpp"
#include "perfgate/explain/explain_inputs.hpp"
#include "perfgate/explain/suggest.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/fault_switch.hpp"
#include "perfgate/runtime/suite_info.hpp"
#include "runtime/recorded_command.hpp"
#include "runtime/source_info.hpp"
#include "cuda/this_device.hpp"

// The suite run's sequence; each step's job is in its own file (above).
namespace perfgate {
namespace {

namespace fs = std::filesystem;

// The results are the product; the one command that makes them the baseline.
int record(const Results& current, const MainOptions& options) {
  if (const fs::path file = results_path(options, current.suite);
      options.promote_hint && !file.empty() && !every_case_skipped(current))
    std::cerr << "perfgate: results written to " << file.string() << "; to make them the baseline: "
              << promote_command(file, options) << '\n';
  return measured_exit_code(current);
}

// The run's place in the main line, for the history (--perfgate_history_ordinal):
// resolved before measuring, so that a shallow clone costs nothing measured.
std::optional<std::int64_t> recording_ordinal(const MainOptions& options) {
  if (options.history_ordinal.empty()) return std::nullopt;
  if (options.history_ordinal != "git") return std::stoll(options.history_ordinal);  // checked by main_options
  const std::string source_dir = this_suite.source_dir ? this_suite.source_dir : "";
  return main_line_ordinal(source_dir, source_info(source_dir, "").git_commit, "--perfgate_history_ordinal");
}

// After measuring (record and gate): the results kept, then recorded or
// gated, then the run joins the history.
int after_measuring(const Results& current, const RunReference& reference, const RunBaselines& baselines,
                    RunHistory* history, std::optional<std::int64_t> ordinal, const std::vector<std::string>& args,
                    const MainOptions& options) {
  // The measurements are written first: whatever happens next, they are kept.
  if (const fs::path file = results_path(options, current.suite); !file.empty()) save_results(current, file);
  // The spreads are read before this run joins the history it is judged by.
  std::optional<RunSpreadHistory> spreads;
  if (history && options.mode == RunMode::gate) spreads = history->spreads(current);
  const int exit_code = options.mode == RunMode::record
                            ? record(current, options)
                            : gate_measured_run(current, reference, baselines, args, options, spreads ? &*spreads : nullptr);
  // After the verdict, and never changing it (run_history.hpp).
  if (history) history->record(current, ordinal);
  return exit_code;
}

// Everything a run reads is read before measuring: a bad input stops it
// with nothing measured.
int measured_run(const std::vector<std::string>& args, const MainOptions& given, const std::string& command) {
  MainOptions options = given;
  settle_counting(options);  // nothing measured yet
  const std::string suite = suite_name(options, args.front());
  explain_settings(options.suggest_disable, nullptr);  // a typo in a rule name costs nothing measured
  if (options.mode == RunMode::record && results_path(options, suite).empty())
    throw InputError("--perfgate_mode=record needs --perfgate_results=FILE or --perfgate_out_dir=DIR");
  const Fingerprint device = this_device(this_suite.gpu, this_suite.gpus);
  // The baseline store, opened once: the run reads it through this alone.
  const RunBaselines baselines(options);
  FoundBaseline own;  // a bad baseline stops the run before measuring
  if (options.mode == RunMode::gate) own = own_baseline(baselines, suite, device, options);
  // Read before measuring too: a bad calibration stops the run at once.
  const Ceilings ceilings = run_ceilings(device, baselines);
  // And the history is reached before measuring: an unreachable one stops the run now.
  std::unique_ptr<RunHistory> history;
  if (!options.history.empty() && options.mode != RunMode::smoke) history = open_run_history(options.history, options.history_kind);
  const std::optional<std::int64_t> ordinal = history ? recording_ordinal(options) : std::nullopt;
  RunReference reference;
  if (options.mode == RunMode::gate) reference = reference_for_run(std::move(own), baselines, history.get(), suite, device, options);
  Results current;
  try {
    current = measure_suite(args, options, suite, device, ceilings, command);
  } catch (InterruptedRun& stop) {
    keep_finished_cases(suite_results(std::move(stop.finished), suite, device, ceilings, command), options, stop.signal);
  }
  if (options.mode == RunMode::smoke) return measured_exit_code(current);
  return after_measuring(current, reference, baselines, history.get(), ordinal, args, options);
}

// A gate run given no baseline gates against the folder perfgate_add_suite
// configured (suite_info.hpp), as ctest's perf.<suite> does; the other
// modes read no baseline.
void use_configured_baseline_folder(MainOptions& options) {
  if (options.mode != RunMode::gate || !options.baseline.empty() || !options.baseline_dir.empty()) return;
  if (this_suite.baseline_dir != nullptr && *this_suite.baseline_dir != '\0') options.baseline_dir = this_suite.baseline_dir;
}

int run(std::vector<std::string> args) {
  // The one place the process's role is decided (worker_protocol.hpp).
  if (const Role role = process_role(); role != Role::gate) return run_worker(std::move(args), role);
  // Quoted, redacted, its program relative to the project: reports print it to
  // be pasted.  Taken before the options are parsed, which removes perfgate's
  // own flags from args: the command must run the suite the same way again.
  const std::string command = recorded_command(args, this_suite.source_dir ? this_suite.source_dir : "");
  MainOptions options = parse_main_options(args);
  use_configured_baseline_folder(options);
  if (options.help) {
    std::cout << main_options_help();
    return kExitOk;
  }
  if (wants_listing(args)) {
    run_cases_here(args, options, "");
    return kExitOk;
  }
  return measured_run(args, options, command);
}

}  // namespace

int run_main(int argc, char** argv) {
  // A file-size limit (ulimit -f) must fail the write with EFBIG, one line
  // and exit 2, not end the binary silently with a temporary file left.
  std::signal(SIGXFSZ, SIG_IGN);
  const int exit_code = run_reporting_errors([&] {
    try {
      require_fault_switches_allowed();  // a test-only switch in a real run: exit 2, nothing measured
      return run(std::vector<std::string>(argv, argv + argc));
    } catch (const WorkerFailed& failed) {
      return failed.exit_code;
    }
  });
  benchmark::Shutdown();
  return exit_code;
}

}  // namespace perfgate
