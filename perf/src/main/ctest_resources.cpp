#include "main/ctest_resources.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <iostream>

#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace {

constexpr const char* kGroupCount = "CTEST_RESOURCE_GROUP_COUNT";
// More groups than any test asks for: a count beyond it is damaged, and
// reading that many variables would take forever.
constexpr unsigned long long kMaxGroups = 1024;
constexpr const char* kVisibleDevices = "CUDA_VISIBLE_DEVICES";
// Set once the note about the user's CUDA_VISIBLE_DEVICES was printed, so
// the suite's worker processes do not print it again.
constexpr const char* kNotedVariable = "PERFGATE_CTEST_GPU_NOTED";

[[noreturn]] void malformed(std::string_view variable, std::string_view value, std::string_view problem) {
  throw InputError(std::string(variable) + "=" + quote_text(std::string(value)) + ": " + std::string(problem) +
                   " (ctest gives \"id:<id>,slots:<n>\", several joined with ';')");
}

// The positive whole number `text` is, or 0.
unsigned long long count_of(std::string_view text) {
  unsigned long long number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  return error == std::errc() && end == text.data() + text.size() ? number : 0;
}

bool is_count(std::string_view text) { return count_of(text) > 0; }

// The GPU ids of every group, in group order, each once.  A group without
// GPUs (a test that also asked for other resources) has no _GPUS variable.
std::vector<std::string> allocated_gpu_ids(const std::function<const char*(const char*)>& getenv, const char* count) {
  const unsigned long long groups = count_of(count);
  if (groups == 0 || groups > kMaxGroups)
    malformed(kGroupCount, count, "not a whole number from 1 to " + std::to_string(kMaxGroups));
  std::vector<std::string> ids;
  for (unsigned long long group = 0; group < groups; ++group) {
    const std::string variable = "CTEST_RESOURCE_GROUP_" + std::to_string(group) + "_GPUS";
    const char* value = getenv(variable.c_str());
    if (value == nullptr) continue;
    for (std::string& id : parse_ctest_gpu_ids(value, variable))
      if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(std::move(id));
  }
  return ids;
}

// One "id:<id>,slots:<n>" of the group.
std::string parse_one_gpu(std::string_view entry, std::string_view value, std::string_view variable) {
  const std::size_t comma = entry.find(',');
  if (comma == std::string_view::npos) malformed(variable, value, "no ',slots:' after the id");
  const std::string_view id_part = entry.substr(0, comma);
  const std::string_view slots_part = entry.substr(comma + 1);
  if (!id_part.starts_with("id:") || id_part.size() == 3) malformed(variable, value, "no 'id:<id>'");
  if (!slots_part.starts_with("slots:") || !is_count(slots_part.substr(6)))
    malformed(variable, value, "no 'slots:<n>' with n a positive whole number");
  return std::string(id_part.substr(3));
}

// Whether every id is an entry of the user's CUDA_VISIBLE_DEVICES list.
bool all_listed(const std::vector<std::string>& ids, std::string_view visible) {
  for (const std::string& id : ids) {
    bool listed = false;
    for (std::size_t start = 0; start <= visible.size() && !listed;) {
      const std::size_t end = std::min(visible.find(',', start), visible.size());
      listed = visible.substr(start, end - start) == id;
      start = end + 1;
    }
    if (!listed) return false;
  }
  return true;
}

std::string join(const std::vector<std::string>& ids) {
  std::string joined;
  for (const std::string& id : ids) joined += (joined.empty() ? "" : ",") + id;
  return joined;
}

}  // namespace

std::vector<std::string> parse_ctest_gpu_ids(std::string_view value, std::string_view variable) {
  if (value.empty()) malformed(variable, value, "empty");
  std::vector<std::string> ids;
  for (std::size_t start = 0; start <= value.size();) {
    const std::size_t end = std::min(value.find(';', start), value.size());
    ids.push_back(parse_one_gpu(value.substr(start, end - start), value, variable));
    start = end + 1;
  }
  return ids;
}

CtestGpuChoice choose_ctest_gpu(const std::function<const char*(const char*)>& getenv) {
  const char* count = getenv(kGroupCount);
  if (count == nullptr) return {};  // no spec, or this test asked for nothing
  const std::vector<std::string> ids = allocated_gpu_ids(getenv, count);
  if (ids.empty()) return {};  // this test asked for no GPU
  const std::string wanted = join(ids);
  const char* visible = getenv(kVisibleDevices);
  if (visible == nullptr) return {wanted, std::nullopt};
  if (wanted == visible) return {};  // already applied (a worker of this suite)
  // A runner that limits its jobs to some GPUs (CUDA_VISIBLE_DEVICES=2,3)
  // gets a spec of those (perfgate_resource_spec reads the same variable):
  // narrowing to some of them keeps within the user's choice.
  if (all_listed(ids, visible)) return {wanted, std::nullopt};
  if (getenv(kNotedVariable) != nullptr) return {};  // said once, by the parent
  return {std::nullopt, std::string("perfgate: CUDA_VISIBLE_DEVICES=") + quote_text(visible) +
                            " is kept although ctest gave this test " + (ids.size() == 1 ? "GPU " : "GPUs ") + wanted +
                            " (unset it to let ctest's resource spec choose)"};
}

int apply_ctest_gpu_allocation() {
  return run_reporting_errors([] {
    const CtestGpuChoice choice = choose_ctest_gpu([](const char* name) { return std::getenv(name); });
    if (choice.visible_devices) {
      // The spec's ids are nvidia-smi's indices, which follow the PCI bus;
      // CUDA's own order is fastest first unless told otherwise.
      ::setenv("CUDA_DEVICE_ORDER", "PCI_BUS_ID", 0);
      ::setenv(kVisibleDevices, choice.visible_devices->c_str(), 1);
    }
    if (choice.note) {
      std::cerr << *choice.note << std::endl;
      ::setenv(kNotedVariable, "1", 1);
    }
    return 0;
  });
}

}  // namespace perfgate
