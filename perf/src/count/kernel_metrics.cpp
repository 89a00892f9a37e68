#include "count/kernel_metrics.hpp"

#include <cupti_profiler_host.h>
#include <cupti_result.h>

#include <stdexcept>

namespace perfgate::count {
namespace {

std::string result_text(CUptiResult result) {
  const char* name = nullptr;
  return cuptiGetResultString(result, &name) == CUPTI_SUCCESS && name ? name : "CUPTI error " + std::to_string(result);
}

void check(CUptiResult result, const std::string& chip, const char* what) {
  if (result != CUPTI_SUCCESS)
    throw std::runtime_error("CUPTI's profiler host API, chip " + chip + ": " + what + ": " + result_text(result));
}

}  // namespace

// The metrics' names are CUPTI's (Nsight Compute's) for Volta and later: the
// sum over the chip of warp instructions executed, DRAM and L2 (LTS) bytes,
// and the warps in flight as a share of the SMs' peak while active.
const std::vector<KernelMetric>& kernel_metrics() {
  static const std::vector<KernelMetric> metrics = {
      {"kernel_instructions", "smsp__inst_executed.sum"},
      {"kernel_dram_bytes_read", "dram__bytes_read.sum"},
      {"kernel_dram_bytes_written", "dram__bytes_write.sum"},
      {"kernel_l2_bytes", "lts__t_bytes.sum"},
      {"kernel_achieved_occupancy_pct", "sm__warps_active.avg.pct_of_peak_sustained_active"}};
  return metrics;
}

std::vector<const char*> kernel_metric_names() {
  std::vector<const char*> names;
  for (const KernelMetric& m : kernel_metrics()) names.push_back(m.metric);
  return names;
}

struct KernelMetricPlan::HostObject {
  CUpti_Profiler_Host_Object* object = nullptr;
};

KernelMetricPlan::KernelMetricPlan(const std::string& chip, std::vector<std::uint8_t> counter_availability)
    : chip_(chip), counter_availability_(std::move(counter_availability)), host_(std::make_unique<HostObject>()) {
  CUpti_Profiler_Host_Initialize_Params init{CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE};
  init.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
  init.pChipName = chip_.c_str();
  init.pCounterAvailabilityImage = counter_availability_.empty() ? nullptr : counter_availability_.data();
  check(cuptiProfilerHostInitialize(&init), chip_, "initialize");
  host_->object = init.pHostObject;
  std::vector<const char*> names = kernel_metric_names();
  CUpti_Profiler_Host_ConfigAddMetrics_Params add{CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE};
  add.pHostObject = host_->object;
  add.ppMetricNames = names.data();
  add.numMetrics = names.size();
  check(cuptiProfilerHostConfigAddMetrics(&add), chip_, "add the kernel metrics");
  CUpti_Profiler_Host_GetConfigImageSize_Params size{CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE};
  size.pHostObject = host_->object;
  check(cuptiProfilerHostGetConfigImageSize(&size), chip_, "config image size");
  config_image_.resize(size.configImageSize);
  CUpti_Profiler_Host_GetConfigImage_Params image{CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE};
  image.pHostObject = host_->object;
  image.configImageSize = config_image_.size();
  image.pConfigImage = config_image_.data();
  check(cuptiProfilerHostGetConfigImage(&image), chip_, "config image");
  CUpti_Profiler_Host_GetNumOfPasses_Params passes{CUpti_Profiler_Host_GetNumOfPasses_Params_STRUCT_SIZE};
  passes.configImageSize = config_image_.size();
  passes.pConfigImage = config_image_.data();
  check(cuptiProfilerHostGetNumOfPasses(&passes), chip_, "passes");
  passes_ = passes.numOfPasses;
}

KernelMetricPlan::~KernelMetricPlan() {
  if (!host_ || !host_->object) return;
  CUpti_Profiler_Host_Deinitialize_Params done{CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE};
  done.pHostObject = host_->object;
  cuptiProfilerHostDeinitialize(&done);
}

std::map<std::string, std::string> KernelMetricPlan::units() const {
  std::map<std::string, std::string> units;
  for (const KernelMetric& m : kernel_metrics()) {
    CUpti_Profiler_Host_GetMetricProperties_Params p{CUpti_Profiler_Host_GetMetricProperties_Params_STRUCT_SIZE};
    p.pHostObject = host_->object;
    p.pMetricName = m.metric;
    check(cuptiProfilerHostGetMetricProperties(&p), chip_, m.metric);
    units[m.counter] = p.pDimUnit ? p.pDimUnit : "";
  }
  return units;
}

std::map<std::string, double> KernelMetricPlan::evaluate(const std::vector<std::uint8_t>& counter_data,
                                                         std::size_t range) const {
  std::vector<const char*> names = kernel_metric_names();
  std::vector<double> values(names.size());
  CUpti_Profiler_Host_EvaluateToGpuValues_Params e{CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE};
  e.pHostObject = host_->object;
  e.pCounterDataImage = counter_data.data();
  e.counterDataImageSize = counter_data.size();
  e.rangeIndex = range;
  e.ppMetricNames = names.data();
  e.numMetrics = names.size();
  e.pMetricValues = values.data();
  check(cuptiProfilerHostEvaluateToGpuValues(&e), chip_, "evaluate a counter data image");
  std::map<std::string, double> counts;
  for (std::size_t i = 0; i < names.size(); ++i) counts[kernel_metrics()[i].counter] = values[i];
  return counts;
}

std::vector<std::string> supported_chips() {
  CUpti_Profiler_Host_GetSupportedChips_Params chips{CUpti_Profiler_Host_GetSupportedChips_Params_STRUCT_SIZE};
  if (cuptiProfilerHostGetSupportedChips(&chips) != CUPTI_SUCCESS) return {};
  return std::vector<std::string>(chips.ppChipNames, chips.ppChipNames + chips.numChips);
}

}  // namespace perfgate::count
