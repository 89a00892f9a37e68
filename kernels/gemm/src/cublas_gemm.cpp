#include "perfgate/kernels/cublas_gemm.hpp"

#include <stdexcept>

#include "perfgate/kernels/cublas_gemm_types.hpp"

namespace perfgate::kernels {

CublasGemm::CublasGemm(cudaStream_t stream) {
  if (const cublasStatus_t s = cublasCreate(&handle_); s != CUBLAS_STATUS_SUCCESS)
    throw std::runtime_error(cublas_error_text("cublasCreate", s));
  cublasSetStream(handle_, stream);
  stream_ = stream;
}

CublasGemm::~CublasGemm() { cublasDestroy(handle_); }

void CublasGemm::set_stream(cudaStream_t stream) {
  if (stream == stream_) return;
  cublasSetStream(handle_, stream);
  stream_ = stream;
}

// cuBLAS is column-major: a row-major C = A B is the column-major
// C^T = B^T A^T, so B goes first and the roles of m and n swap.
cublasStatus_t CublasGemm::run(GemmPrecision precision, GemmShape shape, const void* a, const void* b, void* c) const {
  const CublasGemmTypes types = cublas_gemm_types(precision);
  const double alpha64 = 1.0, beta64 = 0.0;
  const float alpha32 = 1.0f, beta32 = 0.0f;
  const bool fp64 = precision == GemmPrecision::fp64;
  const void* alpha = fp64 ? static_cast<const void*>(&alpha64) : &alpha32;
  const void* beta = fp64 ? static_cast<const void*>(&beta64) : &beta32;
  return cublasGemmEx(handle_, CUBLAS_OP_N, CUBLAS_OP_N, shape.n, shape.m, shape.k, alpha, b, types.data, shape.n, a,
                      types.data, shape.k, beta, c, types.data, shape.n, types.compute, CUBLAS_GEMM_DEFAULT);
}

}  // namespace perfgate::kernels
