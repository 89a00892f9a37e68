#pragma once
// The GPU half of counted work (issue 44 item 2), host side: which of the
// kernels' own counts perfgate reads through CUPTI's range profiler, and the
// configuration CUPTI's host API makes of them for a chip ("GH100").  Counts
// of a kernel do not move with clocks or neighbours: instructions executed,
// DRAM bytes read and written, L2 bytes, achieved occupancy.
//
// This half needs no GPU (libcupti's host API knows each chip's metrics), so
// it is tested here; the range profiler session that replays each kernel
// with this configuration and hands back a counter data image
// (kernel_count_session.hpp) needs a device (docs/gpu-runs.md).

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace perfgate::count {

// A count as results name it (a counter of the case's kernel) and the CUPTI
// metric it is read from.
struct KernelMetric {
  const char* counter;
  const char* metric;
};

// Every count the GPU counted pass reads, in this order.
const std::vector<KernelMetric>& kernel_metrics();
// Their CUPTI metric names, in the same order (what CUPTI's calls take).
std::vector<const char*> kernel_metric_names();

// CUPTI's configuration of kernel_metrics() for one chip: the config image
// the range profiler is set up with, and how many replays of each kernel it
// needs (passes).  Made on the host, without a device.
class KernelMetricPlan {
 public:
  // std::runtime_error naming the chip and CUPTI's answer where CUPTI does
  // not know the chip or one of the metrics on it.
  // `counter_availability`: the context's image (cuptiProfilerGetCounterAvailability),
  // which CUPTI needs for chips newer than this libcupti; empty on the host.
  explicit KernelMetricPlan(const std::string& chip, std::vector<std::uint8_t> counter_availability = {});
  ~KernelMetricPlan();
  KernelMetricPlan(const KernelMetricPlan&) = delete;
  KernelMetricPlan& operator=(const KernelMetricPlan&) = delete;

  const std::string& chip() const { return chip_; }
  const std::vector<std::uint8_t>& config_image() const { return config_image_; }
  std::size_t passes() const { return passes_; }
  // Each metric's unit as CUPTI states it ("instruction", "byte", "percent").
  std::map<std::string, std::string> units() const;

  // The counts of range `range` of a counter data image the range profiler
  // wrote with this plan's configuration, by counter name.  Not yet run on
  // a device's image (docs/gpu-runs.md).
  std::map<std::string, double> evaluate(const std::vector<std::uint8_t>& counter_data, std::size_t range) const;

 private:
  std::string chip_;
  std::vector<std::uint8_t> counter_availability_;  // outlives the host object, which points to it
  struct HostObject;
  std::unique_ptr<HostObject> host_;
  std::vector<std::uint8_t> config_image_;
  std::size_t passes_ = 0;
};

// The chips libcupti's host API knows ("GH100", "GB100", ...).
std::vector<std::string> supported_chips();

}  // namespace perfgate::count
