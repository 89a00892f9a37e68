#pragma once
// One GPU's part of a timed sample, for measure() (one GPU) and
// measure_gpus() (several): the stream the work runs on, its start and stop
// events (and any marks between them), the L2 flush buffer, the SM clock
// probe and the device's maximum clock.  The timers hold a lane per GPU and
// one launch blocker for all of them, so every GPU's sample has the same
// phases, checks and clock readings.
//
// Each call returns the CUDA call that failed, if one did; the timer turns
// it into the case's error.  Calls select the lane's device first, except
// begin_sample and end_sample (and their halves), which run with the lane's
// device current (the timer selects it only for measure_gpus: nothing but
// the stop event may come between the work's last launch and the stop).

#include <memory>
#include <optional>
#include <vector>

#include <cuda_runtime_api.h>

#include "perfgate/cuda/device_memory.hpp"
#include "perfgate/runtime/sm_clock.hpp"

namespace perfgate::cuda {

class ClockProbe;

struct CudaCall {
  const char* api = "";
  cudaError_t error = cudaSuccess;
  bool ok() const { return error == cudaSuccess; }
};

struct LaneOptions {
  bool flush_l2 = true;       // a cold sample: memset of the flush buffer first
  bool sample_clocks = true;  // clock probe readings around the sample
  int marks = 0;              // events between start and stop (mark(k))
};

class GpuLane {
 public:
  GpuLane();  // out of line: ClockProbe is complete only there
  ~GpuLane();
  GpuLane(const GpuLane&) = delete;
  GpuLane& operator=(const GpuLane&) = delete;

  // On `device`: the events, flush buffer and probe; the lane's own
  // non-blocking stream when `stream` is null (destroyed with the lane),
  // else the work's stream (a stream of `device`, left to its owner).
  CudaCall prepare(int device, cudaStream_t stream, const LaneOptions& options);

  int device() const { return device_; }
  cudaStream_t stream() const { return stream_; }
  int max_clock_mhz() const { return max_clock_mhz_; }
  CudaCall select() const;

  CudaCall launch_probe();   // the probe's first launch (module load), untimed
  CudaCall flush();          // the L2 flush, when the lane flushes
  CudaCall begin_sample();   // flush, clock reading, start event
  CudaCall mark(int k);      // mark k's event
  CudaCall end_sample();     // stop event, the work's launch errors, clock reading
  // begin_sample and end_sample in their halves, for several GPUs: every
  // GPU's start event back to back after every GPU's flush and clock
  // reading, every stop event before any other host call.
  CudaCall before_start();   // flush, clock reading
  CudaCall record_start();
  CudaCall record_stop();
  CudaCall after_stop();     // clock reading
  CudaCall synchronize();    // waits for the lane's stream
  // After synchronize(): start-to-stop seconds (the clock reading joins the
  // repetition's average); start-to-mark seconds of mark k.
  CudaCall read_sample(double* seconds);
  CudaCall read_mark(int k, double* seconds) const;

  void sample_memory();      // the device's memory now (the case's peak)
  std::optional<double> memory_peak() const;
  // The repetition's mean SM clock (scaled by the test hook) and maximum.
  GpuClock clock() const;

 private:
  int device_ = -1;
  bool owns_stream_ = false;
  cudaStream_t stream_ = nullptr;
  cudaEvent_t start_ = nullptr;
  cudaEvent_t stop_ = nullptr;
  std::vector<cudaEvent_t> marks_;
  void* flush_buffer_ = nullptr;
  std::size_t flush_bytes_ = 0;
  int max_clock_mhz_ = 0;
  std::unique_ptr<ClockProbe> probe_;
  SmClockAverage clock_average_;
  std::unique_ptr<DeviceMemoryPeak> memory_;
};

}  // namespace perfgate::cuda
