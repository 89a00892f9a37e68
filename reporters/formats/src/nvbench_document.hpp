#pragma once
// NVBench JSON read in its parts (issue 28): the devices, then each
// benchmark, so that the whole document (import_nvbench) and a stream of it
// (nvbench_stream.hpp) are read by the same code.  A state's name depends on
// whether every state ran on one device, so the benchmarks are offered
// twice: first to note the devices they used, then to be read.

#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "perfgate/model/results.hpp"

namespace perfgate::detail {

// Bound for NVBench's integers (ids, counts), so that converting them cannot overflow.
inline constexpr double kMaxInt = 2147483647.0;

class NvbenchImport {
 public:
  // `origin`: the file's path (it names the suite and locates "<origin>-bin").
  explicit NvbenchImport(std::string origin);

  // 1. The "devices" array (an array: the caller checks).
  void read_devices(const nlohmann::json& devices);
  // 2. Each element of "benchmarks", in order: the devices its states ran on.
  void note_devices_used(const nlohmann::json& bench);
  // 3. The used devices make the fingerprint; "meta" (null when absent) the command and suite.
  void start(const nlohmann::json& meta);
  // 4. Each element of "benchmarks" again, in order, read into results.
  void add(const nlohmann::json& bench, std::size_t index);
  // 5. What was read.
  Results finish() { return std::move(results_); }

 private:
  std::string origin_;
  std::optional<std::filesystem::path> sample_folder_;
  std::map<int, Fingerprint> devices_;
  std::set<int> used_ids_;
  bool one_device_ = true;
  std::set<std::string> seen_;
  Results results_;
};

}  // namespace perfgate::detail
