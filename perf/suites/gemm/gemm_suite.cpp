// cuBLAS GEMM across precisions, our own tiled SGEMM against it, and the
// order of a matrix chain.  Every case declares its FLOP and bytes, so the
// results carry TFLOP/s, % of the precision's ceiling and the tensor-core
// alignment score; the derived figures put the variants side by side.
// Target (docs/measurements.md): gemm/bf16/8192x8192x8192 at 85% or more of
// the calibrated BF16 ceiling (its compute_pct).

#include <memory>
#include <string>
#include <vector>

#include "perfgate/kernels/cublas_gemm_types.hpp"
#include "perfgate/kernels/cublas_gemm.hpp"
#include "perfgate/kernels/gemm_chain.hpp"
#include "perfgate/kernels/gemm_precision.hpp"
#include "perfgate/kernels/tiled_sgemm.hpp"
#include "perfgate/perfgate.hpp"

namespace {

using perfgate::Precision;
using perfgate::cuda::DeviceBuffer;
using perfgate::kernels::GemmShape;

constexpr Precision kPrecisions[] = {Precision::fp32, Precision::tf32, Precision::fp16, Precision::bf16};
// Powers of two, and two sizes off the tensor cores' multiples of 8/16.
constexpr int kSquareSizes[] = {512, 1024, 2048, 4096, 4095, 4100, 8192};
constexpr int kTiledSizes[] = {1024, 4096, 4095, 8192};
// A (4096 x 256) B (256 x 4096) C (4096 x 256) D (256 x 4096): left to
// right multiplies two 4096 x 4096 intermediates; the best order none.
const std::vector<int> kChainDims = {4096, 256, 4096, 256, 4096};

std::string shape_name(GemmShape s) {
  return std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k);
}
std::string gemm_case(Precision p, int size) { return std::string("gemm/") + perfgate::to_string(p) + "/" + shape_name({size, size, size}); }
std::string tiled_case(int size) { return "gemm/sgemm_tiled/" + shape_name({size, size, size}); }
std::string chain_case(const char* order, Precision p) { return std::string("gemm/chain/") + order + "/" + perfgate::to_string(p); }

// The kernels' name for the precision (the suite's precisions all have a
// cublasGemmEx GEMM).
perfgate::kernels::GemmPrecision gemm_precision(Precision p) {
  return *perfgate::kernels::gemm_precision_named(perfgate::to_string(p));
}

double bytes_moved(GemmShape s, Precision p) {
  return static_cast<double>(perfgate::cuda::element_bytes(p)) *
         (static_cast<double>(s.m) * s.k + static_cast<double>(s.k) * s.n + static_cast<double>(s.m) * s.n);
}

// A and B read, C written (beta = 0), once each: the least traffic a GEMM
// can have, so memory_pct is a lower bound.
void declare(benchmark::State& state, GemmShape s, Precision p) {
  const double c_bytes = static_cast<double>(perfgate::cuda::element_bytes(p)) * s.m * s.n;
  perfgate::work(state).flops(s.flops()).bytes_read(bytes_moved(s, p) - c_bytes).bytes_written(c_bytes).precision(p)
      .matrix_shape(s.m, s.n, s.k);
}

// Random operands in [-1, 1) of the precision's storage type.
bool random_operand(benchmark::State& state, DeviceBuffer& buffer, std::size_t count, Precision p, std::uint64_t seed) {
  if (!perfgate::cuda::allocate(state, buffer, count * perfgate::cuda::element_bytes(p))) return false;
  if (!buffer.get()) return true;  // no device: measure() skips the case
  return perfgate::cuda::check(state, "fill_random", perfgate::cuda::fill_random(buffer.get(), count, p, seed, nullptr)) &&
         perfgate::cuda::check(state, "cudaDeviceSynchronize", cudaDeviceSynchronize());
}

struct Operands {
  DeviceBuffer a, b, c;
  bool create(benchmark::State& state, GemmShape s, Precision p) {
    return random_operand(state, a, std::size_t(s.m) * s.k, p, 1) && random_operand(state, b, std::size_t(s.k) * s.n, p, 2) &&
           perfgate::cuda::allocate(state, c, std::size_t(s.m) * s.n * perfgate::cuda::element_bytes(p));
  }
};

// Sustained cuBLAS GEMMs hold the H100 at its power limit: 1440-1530 MHz
// (73-77% of the maximum) for TF32/FP16/BF16 at 8192^3, measured.  That is
// the workload's normal clock, in its baseline too; 60% still catches a GPU
// that slows down for heat or a hardware brake.
perfgate::cuda::MeasureOptions at_power_limit() {
  perfgate::cuda::MeasureOptions options;
  options.throttle_fraction = 0.6;
  return options;
}

// A cuBLAS failure inside the timed loop: record the first one.
struct CublasStatus {
  cublasStatus_t first = CUBLAS_STATUS_SUCCESS;
  void note(cublasStatus_t s) {
    if (first == CUBLAS_STATUS_SUCCESS) first = s;
  }
  bool report(benchmark::State& state) const {
    if (first == CUBLAS_STATUS_SUCCESS) return true;
    if (!state.error_occurred()) state.SkipWithError(perfgate::kernels::cublas_error_text("cublasGemmEx", first).c_str());
    return false;
  }
};

void BM_cublas_gemm(benchmark::State& state, Precision p, int size) {
  const GemmShape s{size, size, size};
  Operands x;
  if (!x.create(state, s, p)) return;
  std::unique_ptr<perfgate::kernels::CublasGemm> gemm;
  if (perfgate::cuda::availability().usable) gemm = std::make_unique<perfgate::kernels::CublasGemm>(nullptr);
  CublasStatus status;
  perfgate::cuda::measure(state, [&](cudaStream_t stream) {
    gemm->set_stream(stream);
    status.note(gemm->run(gemm_precision(p), s, x.a.get(), x.b.get(), x.c.get()));
  }, at_power_limit());
  if (status.report(state)) declare(state, s, p);
}

void BM_tiled_sgemm(benchmark::State& state, int size) {
  const GemmShape s{size, size, size};
  Operands x;
  if (!x.create(state, s, Precision::fp32)) return;
  perfgate::cuda::measure(state, [&](cudaStream_t stream) {
    perfgate::kernels::launch_tiled_sgemm(x.a.as<float>(), x.b.as<float>(), x.c.as<float>(), s, stream);
  });
  declare(state, s, Precision::fp32);
}

// The chain A B C D in a given order; intermediates live in their own buffers.
void BM_chain(benchmark::State& state, bool optimal, Precision p) {
  const perfgate::kernels::ChainPlan plan =
      optimal ? perfgate::kernels::optimal_plan(kChainDims) : perfgate::kernels::left_to_right_plan(kChainDims);
  const std::size_t inputs = kChainDims.size() - 1;
  std::vector<DeviceBuffer> operands(inputs + plan.steps.size());
  for (std::size_t i = 0; i < inputs; ++i)
    if (!random_operand(state, operands[i], std::size_t(kChainDims[i]) * kChainDims[i + 1], p, 10 + i)) return;
  double bytes = 0.0;
  for (std::size_t i = 0; i < plan.steps.size(); ++i) {
    const GemmShape s = plan.steps[i].shape;
    if (!perfgate::cuda::allocate(state, operands[inputs + i], std::size_t(s.m) * s.n * perfgate::cuda::element_bytes(p))) return;
    bytes += bytes_moved(s, p);
  }
  std::unique_ptr<perfgate::kernels::CublasGemm> gemm;
  if (perfgate::cuda::availability().usable) gemm = std::make_unique<perfgate::kernels::CublasGemm>(nullptr);
  CublasStatus status;
  const perfgate::kernels::GemmPrecision kernel_precision = gemm_precision(p);
  perfgate::cuda::measure(state, [&](cudaStream_t stream) {
    gemm->set_stream(stream);
    for (std::size_t i = 0; i < plan.steps.size(); ++i) {
      const auto& step = plan.steps[i];
      status.note(gemm->run(kernel_precision, step.shape, operands[step.left].get(), operands[step.right].get(), operands[inputs + i].get()));
    }
  }, at_power_limit());
  if (!status.report(state)) return;
  perfgate::work(state).flops(plan.flops()).bytes_read(bytes).precision(p);
}

benchmark::internal::Benchmark* gpu_case(benchmark::internal::Benchmark* b) {
  return b->UseManualTime()->Setup(perfgate::cuda::note_memory_before_case)->MinTime(0.05);
}

int register_cases() {
  for (Precision p : kPrecisions)
    for (int size : kSquareSizes) gpu_case(perfgate::register_case(gemm_case(p, size).c_str(), BM_cublas_gemm, p, size));
  for (int size : kTiledSizes) gpu_case(perfgate::register_case(tiled_case(size).c_str(), BM_tiled_sgemm, size));
  for (Precision p : {Precision::fp32, Precision::bf16}) {
    gpu_case(perfgate::register_case(chain_case("left_to_right", p).c_str(), BM_chain, false, p));
    gpu_case(perfgate::register_case(chain_case("optimal", p).c_str(), BM_chain, true, p));
  }
  return 0;
}
const int registered = register_cases();

int register_figures() {
  using namespace perfgate::figures;
  for (int size : kTiledSizes)
    perfgate::register_figure(percent_of("gemm/sgemm_tiled_pct_of_cublas_fp32/" + std::to_string(size), tiled_case(size),
                                         gemm_case(Precision::fp32, size)));
  for (int size : {4096, 8192})
    for (Precision p : {Precision::tf32, Precision::fp16, Precision::bf16})
      perfgate::register_figure(speedup(std::string("gemm/") + perfgate::to_string(p) + "_speedup_over_fp32/" + std::to_string(size),
                                        gemm_case(Precision::fp32, size), gemm_case(p, size)));
  for (Precision p : {Precision::fp32, Precision::bf16})
    perfgate::register_figure(speedup(std::string("gemm/chain_order_speedup/") + perfgate::to_string(p),
                                      chain_case("left_to_right", p), chain_case("optimal", p)));
  return 0;
}
const int figures_registered = register_figures();

}  // namespace
