#pragma once
// One process driving GPUs 0..n-1 with NCCL, the way nccl-tests runs with
// -g n: one communicator per GPU made together by ncclCommInitAll, and a
// non-blocking stream per GPU for the collectives.  Every rank's calls are
// issued from this one thread inside ncclGroupStart/ncclGroupEnd.
//
//   std::string problem;
//   auto comms = NcclCommunicators::create(4, &problem);
//   if (!comms) fail(problem);   // "ncclCommInitAll: unhandled cuda error ..."
//
// Move-only; the destructor waits for the streams, then destroys the
// communicators and streams.  NCCL errors read as "<call>: <ncclGetErrorString>".

#include <optional>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>
#include <nccl.h>

namespace perfgate::kernels {

// "ncclAllReduce: invalid argument (run with NCCL_DEBUG=WARN for details)"
std::string nccl_error_text(const char* call, ncclResult_t result);

class NcclCommunicators {
 public:
  // Devices 0..gpus-1 (of those CUDA_VISIBLE_DEVICES shows).  nullopt with
  // *problem set when gpus < 1, fewer devices are visible, or CUDA or NCCL
  // fails.
  static std::optional<NcclCommunicators> create(int gpus, std::string* problem);

  NcclCommunicators(NcclCommunicators&& other) noexcept;
  NcclCommunicators& operator=(NcclCommunicators&& other) noexcept;
  NcclCommunicators(const NcclCommunicators&) = delete;
  NcclCommunicators& operator=(const NcclCommunicators&) = delete;
  ~NcclCommunicators();

  int size() const { return static_cast<int>(comms_.size()); }
  ncclComm_t comm(int rank) const { return comms_[static_cast<std::size_t>(rank)]; }
  cudaStream_t stream(int rank) const { return streams_[static_cast<std::size_t>(rank)]; }
  int device(int rank) const { return rank; }  // rank r drives device r

 private:
  NcclCommunicators() = default;
  void release();

  std::vector<ncclComm_t> comms_;
  std::vector<cudaStream_t> streams_;
};

}  // namespace perfgate::kernels
