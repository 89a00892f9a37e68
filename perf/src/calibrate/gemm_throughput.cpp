#include "gemm_throughput.hpp"

#include <string>

#include "perfgate/kernels/cublas_gemm_types.hpp"
#include "cuda_call.hpp"
#include "event_samples.hpp"
#include "perfgate/cuda/random_fill.hpp"

namespace perfgate::calibration {
namespace {

struct GemmOperands {
  GemmOperands(Precision input, Precision output, std::size_t n, cudaStream_t stream)
      : a(n * n * cuda::element_bytes(input)), b(n * n * cuda::element_bytes(input)), c(n * n * cuda::element_bytes(output)) {
    require("fill A", cuda::fill_random(a.get(), n * n, input, 11, stream));
    require("fill B", cuda::fill_random(b.get(), n * n, input, 12, stream));
    require("fill C", cuda::fill_random(c.get(), n * n, output, 13, stream));
  }
  DeviceBuffer a, b, c;
};

class CublasHandle {
 public:
  explicit CublasHandle(cudaStream_t stream) {
    require("cublasCreate", cublasCreate(&handle_));
    require("cublasSetStream", cublasSetStream(handle_, stream));
  }
  ~CublasHandle() { cublasDestroy(handle_); }
  CublasHandle(const CublasHandle&) = delete;
  CublasHandle& operator=(const CublasHandle&) = delete;
  cublasHandle_t get() const { return handle_; }

 private:
  cublasHandle_t handle_ = nullptr;
};

std::optional<CeilingMeasurement> gemm_ex(Precision precision, const CalibrationSettings& s, cudaStream_t stream) {
  const int n = s.gemm_size;
  // Every precision but fp8 has a cublasGemmEx GEMM (measure_gemm_throughput).
  const CublasGemmTypes types = cublas_gemm_types(*kernels::gemm_precision_named(to_string(precision)));
  GemmOperands operands(precision, precision, static_cast<std::size_t>(n), stream);
  CublasHandle handle(stream);
  const double alpha64 = 1.0, beta64 = 0.0;
  const float alpha32 = 1.0f, beta32 = 0.0f;
  const bool fp64 = precision == Precision::fp64;
  const void* alpha = fp64 ? static_cast<const void*>(&alpha64) : &alpha32;
  const void* beta = fp64 ? static_cast<const void*>(&beta64) : &beta32;
  auto call = [&] {
    return cublasGemmEx(handle.get(), CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, alpha, operands.a.get(), types.data, n,
                        operands.b.get(), types.data, n, beta, operands.c.get(), types.data, n, types.compute,
                        CUBLAS_GEMM_DEFAULT);
  };
  if (const cublasStatus_t probe = call(); probe == CUBLAS_STATUS_NOT_SUPPORTED) return std::nullopt;
  else require("cublasGemmEx", probe);
  CeilingMeasurement m;
  m.ceiling = to_string(precision);
  m.method = "cublasGemmEx " + std::to_string(n) + "^3, " + types.label + ", random data in [-1, 1)";
  m.work_per_call = 2.0 * n * static_cast<double>(n) * n;
  m.samples = event_samples(stream, s.warmup, s.samples, [&] { require("cublasGemmEx", call()); });
  return m;
}

// FP8 GEMMs exist only in cuBLASLt, with A transposed ("TN").
class Fp8Matmul {
 public:
  Fp8Matmul(int n, cudaStream_t stream) : n_(n), stream_(stream), workspace_(kWorkspaceBytes) {
    require("cublasLtCreate", cublasLtCreate(&lt_));
    require("cublasLtMatmulDescCreate", cublasLtMatmulDescCreate(&op_, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    const cublasOperation_t t = CUBLAS_OP_T, none = CUBLAS_OP_N;
    require("cublasLtMatmulDescSetAttribute", cublasLtMatmulDescSetAttribute(op_, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof t));
    require("cublasLtMatmulDescSetAttribute", cublasLtMatmulDescSetAttribute(op_, CUBLASLT_MATMUL_DESC_TRANSB, &none, sizeof none));
    require("cublasLtMatrixLayoutCreate", cublasLtMatrixLayoutCreate(&a_, CUDA_R_8F_E4M3, n, n, n));
    require("cublasLtMatrixLayoutCreate", cublasLtMatrixLayoutCreate(&b_, CUDA_R_8F_E4M3, n, n, n));
    require("cublasLtMatrixLayoutCreate", cublasLtMatrixLayoutCreate(&c_, CUDA_R_16BF, n, n, n));
    require("cublasLtMatmulPreferenceCreate", cublasLtMatmulPreferenceCreate(&preference_));
    const std::size_t bytes = kWorkspaceBytes;
    require("cublasLtMatmulPreferenceSetAttribute",
            cublasLtMatmulPreferenceSetAttribute(preference_, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &bytes, sizeof bytes));
    int found = 0;
    const cublasStatus_t status = cublasLtMatmulAlgoGetHeuristic(lt_, op_, a_, b_, c_, c_, preference_, 1, &heuristic_, &found);
    supported_ = status == CUBLAS_STATUS_SUCCESS && found > 0;
  }
  ~Fp8Matmul() {
    if (preference_) cublasLtMatmulPreferenceDestroy(preference_);
    if (c_) cublasLtMatrixLayoutDestroy(c_);
    if (b_) cublasLtMatrixLayoutDestroy(b_);
    if (a_) cublasLtMatrixLayoutDestroy(a_);
    if (op_) cublasLtMatmulDescDestroy(op_);
    if (lt_) cublasLtDestroy(lt_);
  }
  Fp8Matmul(const Fp8Matmul&) = delete;
  Fp8Matmul& operator=(const Fp8Matmul&) = delete;

  bool supported() const { return supported_; }
  void run(const GemmOperands& x) const {
    const float alpha = 1.0f, beta = 0.0f;
    require("cublasLtMatmul", cublasLtMatmul(lt_, op_, &alpha, x.a.get(), a_, x.b.get(), b_, &beta, x.c.get(), c_,
                                             x.c.get(), c_, &heuristic_.algo, workspace_.get(), kWorkspaceBytes, stream_));
  }

 private:
  static constexpr std::size_t kWorkspaceBytes = std::size_t{64} << 20;
  int n_;
  cudaStream_t stream_;
  DeviceBuffer workspace_;
  cublasLtHandle_t lt_ = nullptr;
  cublasLtMatmulDesc_t op_ = nullptr;
  cublasLtMatrixLayout_t a_ = nullptr, b_ = nullptr, c_ = nullptr;
  cublasLtMatmulPreference_t preference_ = nullptr;
  cublasLtMatmulHeuristicResult_t heuristic_{};
  bool supported_ = false;
};

std::optional<CeilingMeasurement> fp8_matmul(const CalibrationSettings& s, cudaStream_t stream) {
  const int n = s.gemm_size;
  Fp8Matmul matmul(n, stream);
  if (!matmul.supported()) return std::nullopt;
  GemmOperands operands(Precision::fp8, Precision::bf16, static_cast<std::size_t>(n), stream);
  CeilingMeasurement m;
  m.ceiling = to_string(Precision::fp8);
  m.method = "cublasLtMatmul " + std::to_string(n) + "^3 TN, FP8 e4m3 in, BF16 out, FP32 accumulate, random data in [-1, 1)";
  m.work_per_call = 2.0 * n * static_cast<double>(n) * n;
  m.samples = event_samples(stream, s.warmup, s.samples, [&] { matmul.run(operands); });
  return m;
}

}  // namespace

std::optional<CeilingMeasurement> measure_gemm_throughput(Precision precision, const CalibrationSettings& settings,
                                                          cudaStream_t stream) {
  if (precision == Precision::fp8) return fp8_matmul(settings, stream);
  return gemm_ex(precision, settings, stream);
}

}  // namespace perfgate::calibration
