#include "device_cuda_helper.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <fstream>
#include <sstream>

#include "perfgate/platform/child_process.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/scratch_folder.hpp"
#include "runtime/host_fingerprint.hpp"

namespace perfgate::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kHelperName = "perfgate-device-cuda";

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string first_line(const std::string& text) {
  const std::string line = text.substr(0, text.find('\n'));
  return line.empty() ? std::string("no message") : line;
}

}  // namespace

std::optional<fs::path> device_cuda_helper() {
  const fs::path helper = own_executable("perfgate").parent_path() / kHelperName;
  std::error_code missing;
  if (!fs::is_regular_file(helper, missing)) return std::nullopt;
  return helper;
}

HelperRun run_helper(const fs::path& helper, const std::vector<std::string>& args) {
  ScratchFolder folder("perfgate-device");
  const fs::path out = folder.path() / "stdout";
  const fs::path err = folder.path() / "stderr";
  // Through sh, for its stderr: the dynamic loader's "cannot open shared
  // object file" is the reason there is no GPU, not a message for the user.
  std::vector<std::string> argv = {"/bin/sh", "-c", "exec \"$0\" \"$@\" 2>\"$PERFGATE_HELPER_STDERR\"",
                                   helper.string()};
  argv.insert(argv.end(), args.begin(), args.end());
  ChildSetup setup;
  setup.environment["PERFGATE_HELPER_STDERR"] = err.string();
  setup.stdout_file = out;
  setup.stdin_closed = true;
  setup.die_with_parent = true;
  ChildExit exit;
  try {
    exit = run_child(argv, setup);
  } catch (const ChildFailure& failure) {
    throw DeviceError(std::string("cannot run ") + kHelperName + ": " + std::strerror(failure.error));
  }
  return {exit.signaled ? 128 + exit.code : exit.code, read_text(out), read_text(err)};
}

std::string no_gpu_reason(const HelperRun& run) {
  return std::string("no CUDA device: ") + kHelperName + " did not run (exit code " + std::to_string(run.exit_code) +
         "): " + first_line(run.error);
}

std::string this_device_slug(bool gpu_suite, int gpus) {
  if (!gpu_suite) return host_fingerprint().slug;
  // Asked once per process and GPU count: each run of the helper starts CUDA.
  static std::map<int, std::optional<std::string>> gpu_slugs;
  if (!gpu_slugs.contains(gpus)) {
    std::optional<std::string> answer;
    if (const auto helper = device_cuda_helper()) {
      const HelperRun run = run_helper(*helper, {"slug", "--gpus", std::to_string(std::max(gpus, 1))});
      const std::string slug = run.out.substr(0, run.out.find('\n'));
      if (run.exit_code == 0 && !slug.empty()) answer = slug;
    }
    gpu_slugs[gpus] = answer;
  }
  return gpu_slugs[gpus] ? *gpu_slugs[gpus] : host_fingerprint().slug;
}

}  // namespace perfgate::cli
