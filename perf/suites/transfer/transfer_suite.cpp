// Host-device transfers: H2D and D2H from pageable and from pinned memory,
// D2D, at 1, 16 and 256 MiB (`GB/s` = bytes per call / median time); and a
// batched workload that copies its input in chunk by chunk and computes on
// it, synchronously on one stream and double-buffered on 2 and 4 streams.
// The derived figures give pinned against pageable, the overlap factor
// (synchronous time / overlapped time) and its bound (copy + compute) /
// max(copy, compute): overlapping can hide at most the shorter part.
// Target (docs/measurements.md): pinned H2D at 80% or more of the measured
// link peak (the fastest pinned H2D of the run).

#include <algorithm>
#include <string>
#include <vector>

#include "perfgate/kernels/chunked_pipeline.hpp"
#include "perfgate/kernels/host_buffer.hpp"
#include "perfgate/perfgate.hpp"

namespace {

namespace kernels = perfgate::kernels;
using perfgate::cuda::DeviceBuffer;

constexpr std::size_t kSizes[] = {std::size_t{1} << 20, std::size_t{16} << 20, std::size_t{256} << 20};
enum class Direction { h2d, d2h, d2d };
const kernels::PipelineShape kBatch{16, std::size_t{4} << 20, 2048};

std::string mib(std::size_t bytes) { return std::to_string(bytes >> 20) + "MiB"; }
const char* label(Direction d) { return d == Direction::h2d ? "h2d" : d == Direction::d2h ? "d2h" : "d2d"; }
std::string copy_case(Direction d, const char* memory, std::size_t bytes) {
  return std::string("transfer/") + label(d) + (d == Direction::d2d ? "" : std::string("/") + memory) + "/" + mib(bytes);
}
std::string batch_case(const std::string& mode) { return "transfer/batch/" + mode; }

void show_gbps(benchmark::State& state, double bytes) {
  state.counters["GB/s"] = benchmark::Counter(bytes / 1e9, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_copy(benchmark::State& state, Direction d, bool pinned, std::size_t bytes) {
  DeviceBuffer device, second;
  kernels::HostBuffer host;
  if (!perfgate::cuda::allocate(state, device, bytes) || !perfgate::cuda::allocate(state, second, bytes)) return;
  if (perfgate::cuda::availability().usable && d != Direction::d2d &&
      !perfgate::cuda::check(state, pinned ? "cudaMallocHost" : "malloc", host.allocate(bytes, pinned)))
    return;
  perfgate::cuda::MeasureOptions options;
  // Over the link L2 is no help; between two device buffers it would be
  // (16 MiB copied from and to a 50 MiB L2 ran at 113% of the memory
  // ceiling), so D2D starts every sample with L2 flushed.
  options.hot = d != Direction::d2d;
  // A copy from or to pageable memory waits for the GPU inside the call:
  // it cannot be queued behind the launch blocker.
  options.hide_latency = pinned || d == Direction::d2d;
  perfgate::cuda::measure(state, [&](cudaStream_t s) {
    if (d == Direction::h2d) cudaMemcpyAsync(device.get(), host.data(), bytes, cudaMemcpyHostToDevice, s);
    if (d == Direction::d2h) cudaMemcpyAsync(host.data(), device.get(), bytes, cudaMemcpyDeviceToHost, s);
    if (d == Direction::d2d) cudaMemcpyAsync(second.get(), device.get(), bytes, cudaMemcpyDeviceToDevice, s);
  }, options);
  if (d == Direction::d2d)  // HBM both ways: on the memory roofline
    perfgate::work(state).bytes_read(static_cast<double>(bytes)).bytes_written(static_cast<double>(bytes));
  else  // over the link: not the memory ceiling's business
    show_gbps(state, static_cast<double>(bytes));
}

// The batch: input in pinned memory, output left on the device.
void BM_batch(benchmark::State& state, const std::string& mode, int streams) {
  const std::size_t elements = kBatch.chunks * kBatch.chunk_elements;
  kernels::HostBuffer input;
  DeviceBuffer output;
  kernels::ChunkedPipeline pipeline;
  if (!perfgate::cuda::allocate(state, output, elements * sizeof(float))) return;
  if (perfgate::cuda::availability().usable &&
      !(perfgate::cuda::check(state, "cudaMallocHost", input.allocate(elements * sizeof(float), true)) &&
        perfgate::cuda::check(state, "pipeline", pipeline.create(kBatch, streams))))
    return;
  const auto* in = static_cast<const float*>(input.data());
  perfgate::cuda::MeasureOptions options;
  options.hot = true;
  perfgate::cuda::measure(state, [&](cudaStream_t s) {
    if (mode == "copy_only") pipeline.enqueue_copies(in, s);
    else if (mode == "compute_only") pipeline.enqueue_computes(output.as<float>(), s);
    else pipeline.enqueue(in, output.as<float>(), s);
  }, options);
  if (mode != "copy_only") perfgate::work(state).flops(kBatch.flops()).precision(perfgate::Precision::fp32);
  if (mode != "compute_only") show_gbps(state, kBatch.copy_bytes());
}

int register_cases() {
  auto gpu_case = [](benchmark::internal::Benchmark* b) {
    b->UseManualTime()->Setup(perfgate::cuda::note_memory_before_case)->MinTime(0.05);
  };
  for (std::size_t bytes : kSizes) {
    for (Direction d : {Direction::h2d, Direction::d2h})
      for (bool pinned : {false, true})
        gpu_case(perfgate::register_case(copy_case(d, pinned ? "pinned" : "pageable", bytes).c_str(), BM_copy, d, pinned, bytes));
    gpu_case(perfgate::register_case(copy_case(Direction::d2d, "", bytes).c_str(), BM_copy, Direction::d2d, true, bytes));
  }
  gpu_case(perfgate::register_case(batch_case("copy_only").c_str(), BM_batch, std::string("copy_only"), 1));
  gpu_case(perfgate::register_case(batch_case("compute_only").c_str(), BM_batch, std::string("compute_only"), 1));
  gpu_case(perfgate::register_case(batch_case("sync").c_str(), BM_batch, std::string("sync"), 1));
  for (int streams : {2, 4})
    gpu_case(perfgate::register_case(batch_case("streams:" + std::to_string(streams)).c_str(), BM_batch,
                                          std::string("overlapped"), streams));
  return 0;
}
const int registered = register_cases();

// 100 x the 16 MiB pinned H2D rate / the fastest pinned H2D rate of the run.
perfgate::FigureDefinition pinned_h2d_pct_of_link_peak() {
  perfgate::FigureDefinition f;
  f.name = "transfer/h2d_pinned_16MiB_pct_of_link_peak";
  f.unit = "%";
  for (std::size_t bytes : kSizes) f.inputs.push_back(copy_case(Direction::h2d, "pinned", bytes));
  f.formula = "100 * (16 MiB / median(" + f.inputs[1] + ")) / max over sizes s of (s / median(transfer/h2d/pinned/s))";
  f.derive = [](const std::vector<double>& medians, std::string*) -> std::optional<double> {
    double peak = 0.0;
    for (std::size_t i = 0; i < medians.size(); ++i) peak = std::max(peak, static_cast<double>(kSizes[i]) / medians[i]);
    return 100.0 * (static_cast<double>(kSizes[1]) / medians[1]) / peak;
  };
  return f;
}

int register_figures() {
  using namespace perfgate::figures;
  for (std::size_t bytes : kSizes)
    for (Direction d : {Direction::h2d, Direction::d2h})
      perfgate::register_figure(speedup(std::string("transfer/pinned_speedup/") + label(d) + "/" + mib(bytes),
                                        copy_case(d, "pageable", bytes), copy_case(d, "pinned", bytes)));
  perfgate::register_figure(pinned_h2d_pct_of_link_peak());
  for (int streams : {2, 4})
    perfgate::register_figure(speedup("transfer/overlap_factor/streams:" + std::to_string(streams), batch_case("sync"),
                                      batch_case("streams:" + std::to_string(streams))));
  perfgate::register_figure(overlap_bound("transfer/overlap_bound", batch_case("copy_only"), batch_case("compute_only")));
  return 0;
}
const int figures_registered = register_figures();

}  // namespace
