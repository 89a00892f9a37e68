// The Fourier neural operator on cuFFT and cuBLAS, profiled as a user
// would profile their own model: the spectral mixing alone, one layer, and
// whole forward passes (FNO-64, FNO-128, a U-shaped multi-resolution FNO),
// each with the basic and the GEMM mixing; and a batch-size sweep of the
// FNO-64 forward pass that records where memory runs out.  FLOP follow
// kernels/fno/fno_shape.hpp (an FFT counts 5 N log2 N).
// Target (docs/measurements.md): GEMM mixing faster than basic at FNO-128.

#include <string>
#include <utility>
#include <vector>

#include "perfgate/kernels/fno_model.hpp"
#include "perfgate/perfgate.hpp"

namespace {

namespace kernels = perfgate::kernels;
using kernels::MixingVariant;

constexpr int kBatch = 64;  // the original profiler's B = 64, input 64 x 3 x 64 x 64
constexpr MixingVariant kVariants[] = {MixingVariant::basic, MixingVariant::gemm};
constexpr int kLargestSweptBatch = 8192;

std::string variant_case(const char* part, MixingVariant v, const std::string& model) {
  return std::string("fno/") + part + "/" + kernels::to_string(v) + "/" + model;
}
std::string sweep_case(int batch) { return "fno/batch/fno64/" + std::to_string(batch); }

// A failure that is only "this does not fit here" skips the case.
bool report(benchmark::State& state, const kernels::FnoStatus& s, int batch) {
  if (s.ok()) return true;
  if (state.error_occurred()) return false;
  const std::string message = s.out_of_memory ? std::string(perfgate::kSkipPrefix) + "out of device memory at batch " +
                                                    std::to_string(batch) + ": " + s.error
                                              : s.error;
  state.SkipWithError(message.c_str());
  return false;
}

// One FNO layer of the model's width (B = 64, 64 x 64 pixels, 16 modes).
kernels::FnoLayerShape layer_of(const std::string& model) {
  const kernels::FnoModelConfig c = kernels::fno_config(model, kBatch);
  return kernels::FnoLayerShape{kBatch, c.width, c.width, c.resolution, c.resolution, c.modes};
}

// The mixing step alone, on a spectrum computed once before timing.
// Traffic: the kept modes of x_hat, the weights, and clearing y_hat.
void BM_mixing(benchmark::State& state, MixingVariant v, const std::string& model) {
  const kernels::FnoLayerShape s = layer_of(model);
  kernels::FnoLayer layer;
  cublasHandle_t cublas = nullptr;
  if (perfgate::cuda::availability().usable) {
    if (!report(state, kernels::status_of("cublasCreate", cublasCreate(&cublas)), kBatch)) return;
    if (!report(state, layer.create(s, kernels::random_fno_layer_weights(s, 7)), kBatch)) return;
  }
  kernels::FnoStatus status;
  perfgate::cuda::measure(state, [&](cudaStream_t stream) {
    if (!status.ok()) return;
    cublasSetStream(cublas, stream);
    status = layer.mix(cublas, v, stream);
  });
  if (cublas) cublasDestroy(cublas);
  if (!report(state, status, kBatch)) return;
  const double kept = static_cast<double>(s.kept_modes());
  perfgate::work(state).flops(s.mixing_flops())
      .bytes_read(8.0 * kept * (static_cast<double>(kBatch) * s.in_channels + static_cast<double>(s.in_channels) * s.out_channels))
      .bytes_written(8.0 * static_cast<double>(s.spectrum_elements(s.out_channels)));
}

void BM_layer(benchmark::State& state, MixingVariant v, const std::string& model) {
  const kernels::FnoLayerShape s = layer_of(model);
  kernels::FnoLayer layer;
  perfgate::cuda::DeviceBuffer x, y;
  cublasHandle_t cublas = nullptr;
  if (!perfgate::cuda::allocate(state, x, s.input_elements() * 4) || !perfgate::cuda::allocate(state, y, s.output_elements() * 4))
    return;
  if (perfgate::cuda::availability().usable) {
    if (!report(state, kernels::status_of("cublasCreate", cublasCreate(&cublas)), kBatch)) return;
    if (!report(state, layer.create(s, kernels::random_fno_layer_weights(s, 7)), kBatch)) return;
    if (!perfgate::cuda::check(state, "fill_random", perfgate::cuda::fill_random(x.get(), s.input_elements(), perfgate::Precision::fp32, 3, nullptr)))
      return;
  }
  kernels::FnoStatus status;
  perfgate::cuda::measure(state, [&](cudaStream_t stream) {
    if (!status.ok()) return;
    cublasSetStream(cublas, stream);
    status = layer.forward(cublas, x.as<float>(), y.as<float>(), v, stream);
  });
  if (cublas) cublasDestroy(cublas);
  if (!report(state, status, kBatch)) return;
  perfgate::work(state).flops(s.layer_flops()).bytes_read(s.layer_bytes() / 2).bytes_written(s.layer_bytes() / 2);
}

// A whole forward pass of `model` at `batch`; samples/s is the batch's rate.
void run_forward(benchmark::State& state, MixingVariant v, const std::string& model, int batch) {
  kernels::FnoModel fno;
  if (perfgate::cuda::availability().usable && !report(state, fno.create(kernels::fno_config(model, batch), 11), batch)) return;
  kernels::FnoStatus status;
  perfgate::cuda::measure(state, [&](cudaStream_t stream) {
    if (status.ok()) status = fno.forward(v, stream);
  });
  if (!report(state, status, batch)) return;
  perfgate::work(state).flops(fno.flops()).bytes_read(fno.bytes() / 2).bytes_written(fno.bytes() / 2);
  state.counters["samples/s"] = benchmark::Counter(batch, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_forward(benchmark::State& state, MixingVariant v, const std::string& model) { run_forward(state, v, model, kBatch); }
void BM_batch(benchmark::State& state, int batch) { run_forward(state, MixingVariant::gemm, "fno64", batch); }

benchmark::internal::Benchmark* gpu_case(benchmark::internal::Benchmark* b) {
  return b->UseManualTime()->Setup(perfgate::cuda::note_memory_before_case)->MinTime(0.05);
}

std::vector<std::pair<int, std::string>> sweep() {
  std::vector<std::pair<int, std::string>> cases;
  for (int b = 1; b <= kLargestSweptBatch; b *= 2) cases.emplace_back(b, sweep_case(b));
  return cases;
}

int register_cases() {
  for (const char* model : {"fno64", "fno128"})
    for (MixingVariant v : kVariants) {
      gpu_case(perfgate::register_case(variant_case("mixing", v, model).c_str(), BM_mixing, v, std::string(model)));
      gpu_case(perfgate::register_case(variant_case("layer", v, model).c_str(), BM_layer, v, std::string(model)));
    }
  for (const char* model : {"fno64", "fno128", "ufno"})
    for (MixingVariant v : kVariants)
      gpu_case(perfgate::register_case(variant_case("forward", v, model).c_str(), BM_forward, v, std::string(model)));
  for (const auto& [batch, name] : sweep()) gpu_case(perfgate::register_case(name.c_str(), BM_batch, batch));
  return 0;
}
const int registered = register_cases();

// Variants ranked within each family: basic over GEMM mixing.
int register_figures() {
  for (const char* part : {"mixing", "layer"})
    for (const char* model : {"fno64", "fno128"})
      perfgate::register_figure(perfgate::figures::speedup(std::string("fno/") + part + "_gemm_speedup/" + model,
                                                           variant_case(part, MixingVariant::basic, model),
                                                           variant_case(part, MixingVariant::gemm, model)));
  for (const char* model : {"fno64", "fno128", "ufno"})
    perfgate::register_figure(perfgate::figures::speedup(std::string("fno/forward_gemm_speedup/") + model,
                                                         variant_case("forward", MixingVariant::basic, model),
                                                         variant_case("forward", MixingVariant::gemm, model)));
  for (perfgate::FigureDefinition& f : perfgate::figures::batch_sweep("fno/batch/fno64", sweep()))
    perfgate::register_figure(std::move(f));
  return 0;
}
const int figures_registered = register_figures();

}  // namespace
