#pragma once
// What the two sharded computations (kernels/scaling's sharded_evolution.cpp,
// kernels/supergrad's sharded_gradient.cpp) share: error text of CUDA and
// cuBLAS calls, uploads of host matrices, each rank's cuBLAS handle and its
// release, and the one all-reduce (sum) of a few doubles per rank in one NCCL
// group.  Public only for kernels/supergrad, which builds on the scaling
// workload; NCCL builds only.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <cublas_v2.h>
#include <nccl.h>

#include "perfgate/kernels/complex_matrix.hpp"
#include "perfgate/kernels/cuda_check.hpp"
#include "perfgate/kernels/device_buffer.hpp"
#include "perfgate/kernels/nccl_communicators.hpp"

namespace perfgate::kernels::sharded {

inline std::string cublas_error_text(const char* api, cublasStatus_t status) {
  return std::string(api) + ": " + cublasGetStatusString(status) + " (" + cublasGetStatusName(status) + ")";
}
inline std::string cuda_text(const char* api, cudaError_t e) {
  return e == cudaSuccess ? std::string() : cuda_error_text(api, e);
}
inline std::string cublas_text(const char* api, cublasStatus_t s) {
  return s == CUBLAS_STATUS_SUCCESS ? std::string() : cublas_error_text(api, s);
}

// Allocates `buffer` and copies `values` there (std::complex<double> and
// cuDoubleComplex share one layout: two doubles).  A copy from pageable
// memory may return before its DMA has landed, and the ranks' streams do not
// wait for the legacy stream (non-blocking): the sync makes the values
// there before any rank's work reads them.
inline std::string upload(DeviceBuffer& buffer, const std::vector<Complex>& values) {
  const std::size_t bytes = values.size() * sizeof(Complex);
  if (std::string e = cuda_text("cudaMalloc", buffer.allocate(bytes)); !e.empty()) return e;
  if (std::string e = cuda_text("cudaMemcpy", cudaMemcpy(buffer.get(), values.data(), bytes, cudaMemcpyHostToDevice)); !e.empty())
    return e;
  return cuda_text("cudaStreamSynchronize", cudaStreamSynchronize(nullptr));
}

// A cuBLAS handle on the current device, working on `stream`, its scalars
// (alpha, beta) read from device memory.
inline std::string create_handle(cublasHandle_t* handle, cudaStream_t stream) {
  if (std::string e = cublas_text("cublasCreate", cublasCreate(handle)); !e.empty()) return e;
  if (std::string e = cublas_text("cublasSetStream", cublasSetStream(*handle, stream)); !e.empty()) return e;
  return cublas_text("cublasSetPointerMode", cublasSetPointerMode(*handle, CUBLAS_POINTER_MODE_DEVICE));
}

// The communicators of `gpus` GPUs and a Rank for each, set up in turn by
// set_up(r) ("" or what failed): "" or the first problem.
template <class Rank, class SetUp>
std::string create_ranks(int gpus, std::optional<NcclCommunicators>* comms, std::vector<std::unique_ptr<Rank>>* ranks,
                         SetUp set_up) {
  std::string problem;
  *comms = NcclCommunicators::create(gpus, &problem);
  if (!*comms) return problem;
  for (int r = 0; r < gpus; ++r) ranks->push_back(std::make_unique<Rank>());
  for (int r = 0; r < gpus; ++r)
    if (std::string e = set_up(r); !e.empty()) return e;
  return {};
}

// Before a computation's ranks go: each rank's stream finished, then its
// handle destroyed (its buffers go after, the communicators last).
template <class Rank>
void finish_ranks(const NcclCommunicators& comms, const std::vector<std::unique_ptr<Rank>>& ranks) {
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    cudaSetDevice(static_cast<int>(r));
    cudaStreamSynchronize(comms.stream(static_cast<int>(r)));
    if (ranks[r]->cublas) cublasDestroy(ranks[r]->cublas);
  }
}

// sends[r] summed over every rank into receives[r], `doubles` each, on each
// rank's communicator stream.
inline std::string all_reduce_sum(const NcclCommunicators& comms, const std::vector<const DeviceBuffer*>& sends,
                                  const std::vector<const DeviceBuffer*>& receives, std::size_t doubles) {
  if (ncclResult_t e = ncclGroupStart(); e != ncclSuccess) return nccl_error_text("ncclGroupStart", e);
  for (std::size_t rank = 0; rank < sends.size(); ++rank) {
    const int r = static_cast<int>(rank);
    const ncclResult_t e =
        ncclAllReduce(sends[rank]->get(), receives[rank]->get(), doubles, ncclDouble, ncclSum, comms.comm(r), comms.stream(r));
    if (e != ncclSuccess) {
      ncclGroupEnd();
      return nccl_error_text("ncclAllReduce", e);
    }
  }
  const ncclResult_t e = ncclGroupEnd();
  return e == ncclSuccess ? std::string() : nccl_error_text("ncclGroupEnd", e);
}

}  // namespace perfgate::kernels::sharded
