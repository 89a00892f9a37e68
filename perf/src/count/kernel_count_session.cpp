#include "count/kernel_count_session.hpp"

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_result.h>
#include <cupti_target.h>

#include <atomic>
#include <iostream>
#include <stdexcept>

#include "count/kernel_metrics.hpp"

namespace perfgate::count {
namespace {

std::atomic<bool> counting_process{false};
std::atomic<bool> counting_works{false};

// NVIDIA's page for ERR_NVGPUCTRPERM says how an administrator allows it.
std::string denied_text() {
  return "profiling the GPU's counters is not permitted to this user (the driver's "
         "NVreg_RestrictProfilingToAdminUsers=1; see https://developer.nvidia.com/ERR_NVGPUCTRPERM)";
}

std::string result_text(CUptiResult result) {
  if (result == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES || result == CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES)
    return denied_text();
  const char* name = nullptr;
  return cuptiGetResultString(result, &name) == CUPTI_SUCCESS && name ? name : "CUPTI error " + std::to_string(result);
}

void check(CUptiResult result, const char* what) {
  if (result != CUPTI_SUCCESS) throw std::runtime_error(std::string("CUPTI range profiler: ") + what + ": " + result_text(result));
}

// The driver's current context, without linking libcuda (the suite binary
// must start on machines that have none): through the runtime's entry point.
CUcontext current_context() {
  void* entry = nullptr;
  cudaDriverEntryPointQueryResult found{};
  if (cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", &entry, 4000, cudaEnableDefault, &found) != cudaSuccess ||
      found != cudaDriverEntryPointSuccess || !entry)
    throw std::runtime_error("CUPTI range profiler: the driver has no cuCtxGetCurrent");
  CUcontext context = nullptr;
  if (reinterpret_cast<CUresult (*)(CUcontext*)>(entry)(&context) != CUDA_SUCCESS || !context)
    throw std::runtime_error("CUPTI range profiler: no current CUDA context");
  return context;
}

std::string chip_name(int device) {
  CUpti_Device_GetChipName_Params p{CUpti_Device_GetChipName_Params_STRUCT_SIZE};
  p.deviceIndex = static_cast<std::size_t>(device);
  check(cuptiDeviceGetChipName(&p), "chip name");
  return p.pChipName;
}

// Which counters this context can read now, for the plan's configuration.
std::vector<std::uint8_t> counter_availability(CUcontext context) {
  CUpti_Profiler_GetCounterAvailability_Params p{CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE};
  p.ctx = context;
  check(cuptiProfilerGetCounterAvailability(&p), "counter availability size");
  std::vector<std::uint8_t> image(p.counterAvailabilityImageSize);
  p.pCounterAvailabilityImage = image.data();
  check(cuptiProfilerGetCounterAvailability(&p), "counter availability");
  return image;
}

}  // namespace

std::optional<std::string> start_kernel_counting() {
  CUpti_Profiler_Initialize_Params p{CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
  if (const CUptiResult r = cuptiProfilerInitialize(&p); r != CUPTI_SUCCESS) return result_text(r);
  counting_process = true;
  counting_works = true;
  return std::nullopt;
}

bool kernel_count_process() { return counting_process; }
bool kernel_counting_works() { return counting_works; }

void stop_kernel_counting(const std::string& why) {
  if (counting_works.exchange(false))
    std::cerr << "perfgate: the GPU counted pass stopped: " << why << "; the cases keep their times, uncounted\n";
}

struct KernelCountSession::State {
  CUpti_RangeProfiler_Object* profiler = nullptr;
  std::unique_ptr<KernelMetricPlan> plan;
  std::vector<std::uint8_t> counter_data;
};

KernelCountSession::KernelCountSession(int device) : state_(std::make_unique<State>()) {
  const CUcontext context = current_context();
  state_->plan = std::make_unique<KernelMetricPlan>(chip_name(device), counter_availability(context));
  CUpti_RangeProfiler_Enable_Params enable{CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE};
  enable.ctx = context;
  check(cuptiRangeProfilerEnable(&enable), "enable");
  state_->profiler = enable.pRangeProfilerObject;
  std::vector<const char*> names = kernel_metric_names();
  CUpti_RangeProfiler_GetCounterDataSize_Params size{CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE};
  size.pRangeProfilerObject = state_->profiler;
  size.pMetricNames = names.data();
  size.numMetrics = names.size();
  size.maxNumOfRanges = kMaxRanges;
  size.maxNumRangeTreeNodes = kMaxRanges;
  check(cuptiRangeProfilerGetCounterDataSize(&size), "counter data size");
  state_->counter_data.resize(size.counterDataSize);
}

KernelCountSession::~KernelCountSession() {
  if (!state_->profiler) return;
  CUpti_RangeProfiler_Disable_Params disable{CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE};
  disable.pRangeProfilerObject = state_->profiler;
  cuptiRangeProfilerDisable(&disable);
}

std::vector<CountedRange> KernelCountSession::count(const std::function<bool()>& launch_and_wait, std::size_t& dropped) {
  std::vector<std::uint8_t>& image = state_->counter_data;
  // A fresh image each sample: its ranges are this sample's launches only.
  CUpti_RangeProfiler_CounterDataImage_Initialize_Params init{
      CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE};
  init.pRangeProfilerObject = state_->profiler;
  init.counterDataSize = image.size();
  init.pCounterData = image.data();
  check(cuptiRangeProfilerCounterDataImageInitialize(&init), "counter data image");
  const std::vector<std::uint8_t>& config = state_->plan->config_image();
  CUpti_RangeProfiler_SetConfig_Params set{CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE};
  set.pRangeProfilerObject = state_->profiler;
  set.configSize = config.size();
  set.pConfig = config.data();
  set.counterDataImageSize = image.size();
  set.pCounterDataImage = image.data();
  set.range = CUPTI_AutoRange;
  set.replayMode = CUPTI_KernelReplay;
  set.maxRangesPerPass = kMaxRanges;
  set.numNestingLevels = 1;
  set.minNestingLevel = 1;
  set.passIndex = 0;
  set.targetNestingLevel = 1;
  check(cuptiRangeProfilerSetConfig(&set), "configure");
  CUpti_RangeProfiler_Start_Params start{CUpti_RangeProfiler_Start_Params_STRUCT_SIZE};
  start.pRangeProfilerObject = state_->profiler;
  check(cuptiRangeProfilerStart(&start), "start");
  const bool launched = launch_and_wait();
  CUpti_RangeProfiler_Stop_Params stop{CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE};
  stop.pRangeProfilerObject = state_->profiler;
  check(cuptiRangeProfilerStop(&stop), "stop");
  if (!launched) return {};
  CUpti_RangeProfiler_DecodeData_Params decode{CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE};
  decode.pRangeProfilerObject = state_->profiler;
  check(cuptiRangeProfilerDecodeData(&decode), "decode");
  dropped += decode.numOfRangeDropped;
  CUpti_RangeProfiler_GetCounterDataInfo_Params info{CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE};
  info.pCounterDataImage = image.data();
  info.counterDataImageSize = image.size();
  check(cuptiRangeProfilerGetCounterDataInfo(&info), "ranges");
  std::vector<CountedRange> ranges;
  for (std::size_t i = 0; i < info.numTotalRanges; ++i) {
    CUpti_RangeProfiler_CounterData_GetRangeInfo_Params range{
        CUpti_RangeProfiler_CounterData_GetRangeInfo_Params_STRUCT_SIZE};
    range.pCounterDataImage = image.data();
    range.counterDataImageSize = image.size();
    range.rangeIndex = i;
    range.rangeDelimiter = "/";
    check(cuptiRangeProfilerCounterDataGetRangeInfo(&range), "range name");
    ranges.push_back({range.rangeName ? range.rangeName : "", state_->plan->evaluate(image, i)});
  }
  return ranges;
}

}  // namespace perfgate::count
